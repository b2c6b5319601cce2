import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

@Suite("History: bad input")
struct HistoryBadInputTests {
    @Test("an unreachable PostgreSQL URL gives a clear error without the password")
    func unreachablePostgres() throws {
        let location = try HistoryLocation.resolve("postgres://nightly:secret@127.0.0.1:1/history?sslmode=disable")
        let error = #expect(throws: LaunchProfilerError.self) { try location.open() }
        #expect(error?.code == .historyUnavailable)
        let text = error?.description ?? ""
        #expect(
            text.hasPrefix("The run history at postgres://nightly:***@127.0.0.1:1/history cannot be opened: "),
            "\(text)")
        #expect(!text.contains("secret"))
    }

    @Test("a corrupt SQLite file gives a clear error and is never overwritten")
    func corruptSQLite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("history.sqlite")
        let bytes = Data("not a database, but someone's notes\n".utf8)
        try bytes.write(to: file)
        let error = #expect(throws: LaunchProfilerError.self) { try HistoryLocation.sqlite(path: file.path).open() }
        #expect(error?.code == .historyCorrupt)
        #expect(error?.description.contains("\(file.path) is not a valid SQLite database") == true)
        #expect(error?.description.contains("left untouched") == true)
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history.sqlite"])
    }

    @Test("a damaged SQLite file behind a valid header is refused and kept")
    func damagedSQLite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("history.sqlite").path
        let store = try HistoryLocation.sqlite(path: path).open()
        try store.record(HistoryFixtures.run(1))
        store.close()
        var bytes = try Data(contentsOf: URL(filePath: path))
        for offset in 100..<min(bytes.count, 4096) { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(filePath: path))
        let error = #expect(throws: LaunchProfilerError.self) {
            let store = try HistoryLocation.sqlite(path: path).open()
            _ = try store.runs(matching: HistoryFilter())
        }
        #expect(error?.code == .historyCorrupt || error?.code == .historyQueryFailed, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
    }

    @Test("a location that is neither a path nor a PostgreSQL URL is refused")
    func invalidLocation() {
        let error = #expect(throws: LaunchProfilerError.self) { try HistoryLocation.resolve("mysql://db/history") }
        #expect(error?.code == .invalidHistoryLocation)
        #expect(throws: LaunchProfilerError.self) { try HistoryLocation.resolve("postgres:///nohost") }
    }

    @Test("LAUNCHPROF_HISTORY names the store when --history does not")
    func environment() throws {
        let variables = [ToolVariable.history.rawValue: "/tmp/elsewhere.sqlite"]
        #expect(try HistoryLocation.resolve(nil, environment: variables) == .sqlite(path: "/tmp/elsewhere.sqlite"))
        #expect(
            try HistoryLocation.resolve("/tmp/given.sqlite", environment: variables)
                == .sqlite(path: "/tmp/given.sqlite"))
        #expect(try HistoryLocation.resolve(nil, environment: [:]) == .sqlite(path: HistoryLocation.defaultPath))
    }

    @Test("an unreachable history exits with the documented status and still writes the run folder")
    func runWithUnreachableHistory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unreachable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--warmup", "0", "--output", folder.path, "--history",
            "postgres://nightly@127.0.0.1:1/history?sslmode=disable",
            "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == ProfilerExitStatus.historyNotRecorded.rawValue, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "the run was not recorded in the history: The run history at postgres://nightly@127.0.0.1:1/history cannot be opened"
            ), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("verdicts.json").path))
        #expect(ProfilerExitStatus.helpText.contains("5 the run history could not be opened or written"))
    }

    @Test("the commands that only read the history leave no -wal or -shm file behind, and create no history")
    func readOnlyCommandsLeaveNothing() throws {
        let folder = try BuiltProducts.scratchFolder("history")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("h.sqlite").path
        let run = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--warmup", "0", "--history", store, "--output",
            folder.appendingPathComponent("run").path, "--", "/bin/true",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
        #expect(try files() == ["h.sqlite", "run"])
        for command in [["list"], ["export", "--format", "csv"], ["trend"]] {
            let output = try BuiltProducts.launchprof(["history"] + command + ["--history", store])
            #expect(output.status == 0, "\(command): \(output.stderr)")
            #expect(try files() == ["h.sqlite", "run"], "after history \(command[0])")
        }
        let missing = try BuiltProducts.launchprof([
            "history", "list", "--history", folder.appendingPathComponent("none.sqlite").path,
        ])
        #expect(missing.status == ProfilerExitStatus.historyNotRecorded.rawValue)
        #expect(missing.stderr.contains("there is no history there yet"))
        #expect(try files() == ["h.sqlite", "run"])
    }
}
