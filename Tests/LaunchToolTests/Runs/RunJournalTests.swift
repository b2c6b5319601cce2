import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Run journal")
struct RunJournalTests {
    static func record(_ index: Int, wallNs: Int64 = 1_700_000) -> LaunchRecord {
        LaunchRecord(index: index, scenario: .warm, outcome: .completed, wallNs: wallNs)
    }

    static func manifest(launches: [LaunchRecord] = []) -> RunManifest {
        RunManifest(
            appPath: "/usr/bin/git", scenario: .warm, runs: 3, warmup: 0, date: "2026-11-26T10:00:00Z",
            launches: launches)
    }

    /// A new journal in a new folder (removed with the folder).
    static func newJournal() throws -> (folder: URL, journal: RunJournal) {
        let folder = try ReportFixture.temporaryDirectory()
        return (folder, try RunJournal(creating: folder.appendingPathComponent("launches.journal")))
    }

    @Test("appended lines read back in order, each valid against launches-journal.schema.json")
    func roundTrip() throws {
        let (folder, journal) = try Self.newJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = journal.url
        let entries = [
            RunJournalEntry(kind: .diagnosis, record: Self.record(1)),
            RunJournalEntry(kind: .primer, record: Self.record(1)),
            RunJournalEntry(kind: .measurement, record: Self.record(1, wallNs: 1_650_000)),
        ]
        try journal.append(Array(entries[..<1]))
        try journal.append(Array(entries[1...]))
        #expect(try RunJournal.read(from: url) == entries)
        // A second run cannot take the journal over.
        #expect(throws: LaunchProfilerError.self) { try RunJournal(creating: url) }
        let text = try String(contentsOf: url, encoding: .utf8)
        var files: [URL] = []
        for (number, line) in text.split(separator: "\n").enumerated() {
            let file = folder.appendingPathComponent("line-\(number + 1).json")
            try Data(line.utf8).write(to: file)
            files.append(file)
        }
        let problems = try JSONSchemaValidator.validate(files, against: JSONSchemaValidator.schema("launches-journal"))
        #expect(problems.values.allSatisfy { $0.isEmpty }, "\(problems)")
        journal.remove()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a line is byte for byte the entry's sorted JSON, whatever the record holds")
    func lineIsTheEntrysJSON() throws {
        let (folder, journal) = try Self.newJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        var record = LaunchRecord(
            index: 7, scenario: .cold, outcome: .crashed, exitStatus: nil, signal: 11, wallNs: 12_345_678,
            traceFile: "launch-007.trace.json", message: "Killed by \"SIGSEGV\"\n\tat /usr/lib/x: é ✓ \u{1}",
            lastPhase: "main", stderrTail: "a/b\\c\r\n", evictedBytes: 4096)
        record.readyNs = 1_000
        record.leftoverProcesses = 2
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for kind in LaunchKind.allCases {
            let entry = RunJournalEntry(kind: kind, record: record)
            let expected = try encoder.encode(entry) + Data("\n".utf8)
            let line = Data(try journal.line(entry))
            #expect(line == expected, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test("a last line cut short by a kill is left out; a bad line before it is an error naming its line")
    func tornAndBadLines() throws {
        let (folder, journal) = try Self.newJournal()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = journal.url
        try journal.append([RunJournalEntry(kind: .diagnosis, record: Self.record(1))])
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"list\":\"launches\",\"rec".utf8))
        #expect(try RunJournal.read(from: url).map(\.record.index) == [1])
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        let error = try #require(throws: LaunchProfilerError.self) { try RunJournal.read(from: url) }
        #expect(error.context.file == url.path)
        #expect(error.context.line == 2, "\(error)")
    }

    @Test("merging: each list the journal holds more of is the journal's; a complete manifest is kept as it is")
    func merging() throws {
        let journalled = [
            RunJournalEntry(kind: .diagnosis, record: Self.record(1)),
            RunJournalEntry(kind: .measurement, record: Self.record(1)),
            RunJournalEntry(kind: .diagnosis, record: Self.record(2)),
            RunJournalEntry(kind: .measurement, record: Self.record(2)),
        ]
        // Killed before its last launches.json: the journal's records.
        let merged = Self.manifest().merging(journalled)
        #expect(merged.launches.map(\.index) == [1, 2])
        #expect(merged.measurementLaunches?.map(\.index) == [1, 2])
        #expect(merged.primerLaunches == nil)
        // Killed after its last launches.json, before the journal was removed: nothing twice.
        var complete = Self.manifest(launches: [Self.record(1), Self.record(2)])
        complete.measurementLaunches = [Self.record(1), Self.record(2)]
        #expect(complete.merging(journalled) == complete)
    }
}
