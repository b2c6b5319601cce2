import Foundation
import LaunchTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The history refuses another program's SQLite database and reads one on read-only media.
@Suite("Hostile history", .serialized)
struct HostileHistoryTests {
    /// Runs SQL on `database` with Python's sqlite3 (a client other than launchprof's); returns
    /// what the last statement selected, one row a line.
    static func sqlite(_ database: String, _ statements: [String]) throws -> String {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); rows = []
            for s in sys.argv[2:]: rows = db.execute(s).fetchall()
            db.commit(); db.close()
            print("\\n".join("|".join(str(v) for v in r) for r in rows))
            """
        let output = try BuiltProducts.run(TestPython.path, ["-c", script, database] + statements)
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func record(into history: String, in folder: URL) throws -> ProductProcess.Output {
        try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--history", history, "--output",
                folder.appendingPathComponent("run-\(UUID().uuidString)").path, "--", "/bin/true",
            ])
    }

    @Test(
        "another program's SQLite database given as --history is refused and left as it was",
        arguments: [
            ["CREATE TABLE contacts (name TEXT)", "INSERT INTO contacts VALUES ('Ada')"],
            ["PRAGMA application_id = 252006674", "CREATE TABLE blob (x)"],
            ["PRAGMA application_id = 1", "CREATE TABLE history_schema (version INTEGER)"],
            // In WAL mode, as a launchprof history is: a reader's -wal and -shm are not left beside it.
            ["PRAGMA journal_mode = WAL", "CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('x')"],
        ])
    func foreignDatabase(statements: [String]) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("user.db").path
        _ = try Self.sqlite(database, statements)
        let before = try Data(contentsOf: URL(filePath: database))
        let result = try Self.record(into: database, in: folder)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("a SQLite database of something else"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(filePath: database)) == before, "the database was changed")
        let list = try BuiltProducts.launchprof(["history", "list", "--history", database])
        #expect(list.status == 5, "\(list.stderr)")
        #expect(try Data(contentsOf: URL(filePath: database)) == before, "history list changed the database")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("user.db")
        }
        #expect(entries == ["user.db"], "left beside it: \(entries)")
    }

    @Test("a new history is marked with launchprof's application_id; an older one without it opens and gets it")
    func applicationID() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("history.sqlite").path
        #expect(try Self.record(into: history, in: folder).status == 0)
        #expect(try Self.sqlite(history, ["PRAGMA application_id"]) == "\(0x4C50_4853)")
        // A history from before the mark: recognised by its tables.
        _ = try Self.sqlite(history, ["PRAGMA application_id = 0"])
        let list = try BuiltProducts.launchprof(["history", "list", "--history", history])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try Self.record(into: history, in: folder).status == 0)
        #expect(try Self.sqlite(history, ["PRAGMA application_id"]) == "\(0x4C50_4853)")
        #expect(try Self.sqlite(history, ["SELECT COUNT(*) FROM runs"]) == "2")
    }

    @Test("history list, show and trend read a history on a read-only file system")
    func readOnlyMedia() throws {
        let folder = try BuiltProducts.scratchFolder()
        let mountPoint = try BuiltProducts.scratchFolder()
        defer {
            try? FileManager.default.removeItem(at: mountPoint)
            try? FileManager.default.removeItem(at: folder)
        }
        let history = folder.appendingPathComponent("history.sqlite").path
        for _ in 0..<2 { #expect(try Self.record(into: history, in: folder).status == 0) }
        // Root in a container may bind-mount read-only; where it cannot, there is nothing to test here.
        guard try BuiltProducts.run("/bin/mount", ["--bind", folder.path, mountPoint.path]).status == 0 else { return }
        defer { _ = try? BuiltProducts.run("/bin/umount", [mountPoint.path]) }
        guard try BuiltProducts.run("/bin/mount", ["-o", "remount,ro,bind", mountPoint.path]).status == 0 else {
            return
        }
        let readOnly = mountPoint.appendingPathComponent("history.sqlite").path
        let list = try BuiltProducts.launchprof(["history", "list", "--history", readOnly])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 3, "a header and two runs: \(list.stdout)")
        let trend = try BuiltProducts.launchprof(["history", "trend", "--history", readOnly])
        #expect(trend.status == 0, "\(trend.stderr)")
        // Writing there is still refused, with the history's exit status.
        #expect(try Self.record(into: readOnly, in: folder).status == 5)
    }

    @Test(
        "history import refuses a run whose date is not a date, naming the file, the path, the value and what was expected",
        arguments: ["yesterday", "2026-13-45T99:00:00Z", ""])
    func invalidImportDate(date: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let made = try BuiltProducts.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--no-history", "--output", run.path, "--", "/bin/true"])
        #expect(made.status == 0, "\(made.stderr)")
        let summaryURL = run.appendingPathComponent("summary.json")
        var summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: summaryURL)) as? [String: Any])
        var info = try #require(summary["run"] as? [String: Any])
        info["date"] = date
        summary["run"] = info
        try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]).write(to: summaryURL)
        let history = folder.appendingPathComponent("history.sqlite").path
        let imported = try BuiltProducts.launchprof(["history", "import", "--history", history, run.path])
        #expect(imported.status == 1, "\(imported.stdout)\(imported.stderr)")
        for part in [summaryURL.path, "at run.date", "\"\(date)\"", "Expected an ISO 8601 date"] {
            #expect(imported.stderr.contains(part), "\(part) missing: \(imported.stderr)")
        }
        let list = try BuiltProducts.launchprof(["history", "list", "--history", history])
        #expect(!list.stdout.contains("/bin/true") && !list.stdout.contains("true "), "recorded: \(list.stdout)")
    }
}
