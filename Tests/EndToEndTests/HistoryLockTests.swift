import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A history another process holds locked: launchprof waits for the lock (up to a minute),
/// and an interruption ends that wait at once, keeping the run folder.
@Suite("History lock")
struct HistoryLockTests {
    /// Python's sqlite3 holds `BEGIN EXCLUSIVE` on `database` until it is killed, after
    /// creating `marker`.
    static func holdLock(on database: URL, marker: URL) throws -> ProductProcess {
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("PRAGMA journal_mode=WAL")
            c.execute("BEGIN EXCLUSIVE")
            open(sys.argv[2], "w").close()
            time.sleep(300)
            """
        return try ProductProcess.start(TestPython.path, ["-c", script, database.path, marker.path])
    }

    static func waitFor(_ file: URL, seconds: Double = 120) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !FileManager.default.fileExists(atPath: file.path) { usleep(20_000) }
    }

    @Test("SIGTERM while the history's lock is held by another writer ends the wait: exit 130, the run folder kept")
    func interruptedWhileWaitingForTheLock() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("history.sqlite")
        let locked = folder.appendingPathComponent("locked")
        let holder = try Self.holdLock(on: database, marker: locked)
        defer {
            Glibc.kill(holder.process.processIdentifier, SIGKILL)  // it may have inherited an ignored SIGTERM
            _ = try? holder.wait(timeout: 10)
        }
        Self.waitFor(locked, seconds: 30)
        #expect(FileManager.default.fileExists(atPath: locked.path), "python3 did not take the lock")
        let run = folder.appendingPathComponent("run")
        let process = try ProductProcess.start(
            BuiltProducts.path("launchprof"),
            [
                "run", "--runs", "1", "--warmup", "0", "--pre-main-launches", "0", "--history", database.path,
                "--output", run.path, "--", "/bin/true",
            ])
        Self.waitFor(run.appendingPathComponent("report.html"))
        sleep(1)  // now in the history write, waiting for the lock (SQLite's busy handler)
        Glibc.kill(process.process.processIdentifier, SIGTERM)
        let output = try process.wait(timeout: 30)  // the lock's own wait would last 60 s
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue, "\(output.stderr)")
        #expect(output.stderr.contains("interrupted while it waited for the history's lock"), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent("summary.json").path))
        let verdicts = try JSONSerialization.jsonObject(
            with: Data(contentsOf: run.appendingPathComponent("verdicts.json")))
        #expect((verdicts as? [String: Any])?["exitCode"] as? Int == Int(ProfilerExitStatus.interrupted.rawValue))
    }
}
