import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

#if canImport(Glibc)
    import Glibc
#endif

/// An input path (budget file, trace, summary, run folder, baseline) that is a directory, a
/// named pipe or unreadable gets a sentence naming the file and the reason, never
/// `NSCocoaErrorDomain error 256`, and a named pipe is never opened (reading one blocks).
@Suite("Inputs that are not readable files")
struct UnreadableInputTests {
    /// Every reader of an input path, by what it reads.
    static let readers: [(String, @Sendable (URL) throws -> Void)] = [
        ("budget file", { _ = try BudgetFile.load(from: $0) }),
        ("trace", { _ = try LaunchTrace.read(from: $0) }),
        ("run summary", { _ = try RunSummary.read(from: $0) }),
        ("run manifest", { _ = try RunManifest.read(from: $0) }),
        ("summary or run folder", { _ = try SummaryLoader.load($0) }),
    ]

    static func message(_ read: (URL) throws -> Void, _ url: URL) -> String {
        do {
            try read(url)
            return "read without an error"
        } catch {
            return LaunchProfilerError.describe(error)
        }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a directory where a file is expected: \"It is a directory, not a file.\"")
    func directory() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("budgets.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (what, read) in Self.readers.dropLast() {
            let message = Self.message(read, directory)
            #expect(
                message.contains(directory.path) && message.contains("It is a directory, not a file."),
                "\(what): \(message)")
            #expect(!message.contains("NSCocoaErrorDomain"), "\(what): \(message)")
        }
        // A run folder whose launches.json is a directory.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("launches.json"), withIntermediateDirectories: true)
        let message = Self.message({ _ = try SummaryLoader.load($0) }, root)
        #expect(message.contains("launches.json") && message.contains("It is a directory, not a file."), "\(message)")
    }

    @Test("a named pipe (FIFO) is refused without being opened, so nothing blocks")
    func fifo() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("main.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for (what, read) in Self.readers {
            let message = Self.message(read, fifo)
            #expect(
                message.contains(fifo.path) && message.contains("It is a named pipe (FIFO), not a file"),
                "\(what): \(message)")
        }
        let message = Self.message({ _ in _ = try BaselineStore(directory: root).load(name: "main") }, fifo)
        #expect(message.contains(fifo.path) && message.contains("named pipe"), "baseline: \(message)")
    }

    @Test("a file that cannot be opened for reading: the file and \"Permission denied.\"")
    func permissionDenied() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file: URL
        if getuid() == 0 {
            // Root reads a chmod 000 file anyway (CAP_DAC_OVERRIDE); a write-only sysctl is
            // refused even to root, with EACCES.
            file = URL(fileURLWithPath: "/proc/sys/vm/drop_caches")
            try #require(
                open(file.path, O_RDONLY | O_NONBLOCK) == -1 && errno == EACCES,
                "the test needs a file this user cannot read")
        } else {
            file = root.appendingPathComponent("budgets.json")
            try Data("{}".utf8).write(to: file)
            #expect(chmod(file.path, 0) == 0)
        }
        for (what, read) in Self.readers.dropLast() {
            let message = Self.message(read, file)
            #expect(message.contains(file.path) && message.contains("Permission denied."), "\(what): \(message)")
        }
    }
}
