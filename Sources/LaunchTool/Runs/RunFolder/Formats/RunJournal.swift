import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A run's journal, `launches.journal` in the run folder: every launch's record as soon as the
/// launch has ended, one JSON line each (``RunJournalEntry``), appended with a single `write`.
/// `launches.json` is written whole when the run starts and when its launches are over; in
/// between, the journal holds what a killed run measured (SIGKILL included), and the folder's
/// reader merges it (``RunManifest/merging(_:)``). Appending a line costs a few microseconds
/// where rewriting and renaming `launches.json` after each launch cost about 0.3 ms, a fifth of
/// a 1.7 ms program's launch (Benchmarks/README.md, the run's own cost).
///
/// ```swift
/// let journal = try RunJournal(creating: folder.appendingPathComponent("launches.journal"))
/// try journal.append([RunJournalEntry(kind: .measurement, record: record)])
/// ```
package final class RunJournal {
    /// The journal's file.
    package let url: URL
    private let fd: Int32
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Creates the journal at `url`, exclusively (a journal already there is another run's).
    ///
    /// - Throws: ``LaunchProfilerError`` (``LaunchProfilerError/Code/writeFailed``) naming the file.
    package init(creating url: URL) throws {
        self.url = url
        fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LaunchProfilerError.writeFailed(url.path, errno: errno) }
    }

    deinit { close(fd) }

    /// Appends `entries`, a line each, in one write.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file and the reason (`The disk is full.`).
    package func append(_ entries: [RunJournalEntry]) throws {
        guard !entries.isEmpty else { return }
        var bytes: [UInt8] = []
        for entry in entries { bytes += try line(entry) }
        let failure = AtomicFile.writeAll(bytes, to: fd)
        if failure != 0 { throw LaunchProfilerError.writeFailed(url.path, errno: failure) }
    }

    /// The entry's line: its keys in their sorted order, the record written directly
    /// (``LaunchRunner/LaunchRecord/json(nestedWith:indent:)``), byte for byte what encoding the
    /// entry with `JSONEncoder` gives (`RunJournalTests`).
    func line(_ entry: RunJournalEntry) throws -> [UInt8] {
        var line = Self.linePrefixes[LaunchKind.allCases.firstIndex(of: entry.kind) ?? 0]
        line += try entry.record.json(nestedWith: encoder)
        let current = entry.schemaVersion == RunJournalEntry.currentSchemaVersion
        line += current ? Self.lineSuffix : Self.suffix(entry.schemaVersion)
        return line
    }

    /// What every line of a kind of launch starts with, up to its record, in the order of the
    /// kinds: made once, not at every launch.
    private static let linePrefixes = LaunchKind.allCases.map { kind in
        typealias Key = RunJournalEntry.CodingKeys
        let prefix = "{\"\(Key.list.stringValue)\":\"\(kind.recordsKey)\",\"\(Key.record.stringValue)\":"
        return Array(prefix.utf8)
    }

    /// What a line ends with after its record, for the current schema version.
    private static let lineSuffix = suffix(RunJournalEntry.currentSchemaVersion)

    private static func suffix(_ schemaVersion: Int) -> [UInt8] {
        Array(",\"\(RunJournalEntry.CodingKeys.schemaVersion.stringValue)\":\(schemaVersion)}\n".utf8)
    }

    /// Removes the journal once `launches.json` holds every record.
    package func remove() {
        unlink(url.path)
    }

    /// The entries of the journal at `url`, in order; a last line without its newline (the
    /// run was killed while writing it) is left out.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the line, the JSON path and the problem.
    package static func read(from url: URL) throws -> [RunJournalEntry] {
        let data = try InputFile.read(url, what: "run journal")
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()  // what follows the last newline: nothing, or a torn line
        return try lines.enumerated().map { number, line in
            do {
                return try SchemaVersionCheck.decode(
                    RunJournalEntry.self, from: Data(line), file: url.path,
                    expected: RunJournalEntry.currentSchemaVersion, what: "run journal",
                    upgrades: RunJournalEntry.upgrades)
            } catch var error as LaunchProfilerError {
                error.context.line = number + 1
                throw error
            }
        }
    }
}
