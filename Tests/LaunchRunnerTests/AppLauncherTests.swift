import CLaunchABI
import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

/// The runner against real processes: small shell scripts that behave like apps that
/// finish, crash, hang, exit with an error, or write no or a broken trace.
@Suite("AppLauncher against real processes")
struct AppLauncherTests {
    static let validTrace = Bundle.module.url(forResource: "Fixtures/valid", withExtension: "trace.json")!

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A request that runs `script` with bash (dash cannot redirect to a file descriptor above 9).
    static func request(_ script: String, in folder: URL, timeout: Double = 20, scenario: Scenario = .warm)
        -> LaunchRequest
    {
        LaunchRequest(
            LaunchSpecification(
                executable: "/bin/bash", arguments: ["-c", script], scenario: scenario, timeoutSeconds: timeout),
            traceURL: folder.appendingPathComponent("t.trace.json"),
            stderrURL: folder.appendingPathComponent("t.stderr.txt"),
            index: 1
        )
    }

    @Test("an app that writes a valid trace and exits 0 is completed, with its trace decoded")
    func completed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLauncher().launch(
            Self.request("cp '\(Self.validTrace.path)' \"$LAUNCHPROF_TRACE\"", in: folder))
        #expect(result.record.outcome == .completed)
        #expect(result.record.exitStatus == 0)
        #expect(result.record.traceFile == "t.trace.json")
        #expect(result.trace?.app.name == "SampleApp")
        #expect(result.record.message == nil)
    }

    @Test("the app gets the runner's environment, with the spawn time read just before the spawn")
    func environment() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let envFile = folder.appendingPathComponent("env.txt")
        let before = lp_monotonic_ns()
        _ = AppLauncher().launch(Self.request("env > '\(envFile.path)'", in: folder))
        let after = lp_monotonic_ns()
        let lines = try String(contentsOf: envFile, encoding: .utf8).split(separator: "\n")
        var environment: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { environment[String(parts[0])] = String(parts[1]) }
        }
        let spawn = try #require(environment["LAUNCHPROF_SPAWN_NS"].flatMap { Int64($0) })
        #expect(spawn >= before && spawn <= after)
        #expect(environment["LAUNCHPROF_TRACE"] == folder.appendingPathComponent("t.trace.json").path)
        #expect(environment["LAUNCHPROF_EXIT_AFTER"] == "active")
        #expect(environment["LAUNCHPROF_SCENARIO"] == "warm")
        #expect(environment["LAUNCHPROF_RUN_INDEX"] == "1")
        #expect(environment["LAUNCHPROF_EVENT_FD"] != nil)
    }

    @Test("a crash is reported with its signal, the phase it got to, and the end of its standard error")
    func crash() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script =
            "echo 'phase 5000 didFinishLaunching' >&$LAUNCHPROF_EVENT_FD; echo 'Fatal error: index out of range' >&2; kill -ABRT $$"
        let result = AppLauncher().launch(Self.request(script, in: folder))
        #expect(result.record.outcome == .crashed)
        #expect(result.record.signal == SIGABRT)
        #expect(result.record.lastPhase == "didFinishLaunching")
        #expect(result.record.message?.contains("SIGABRT") == true)
        #expect(result.record.message?.contains("didFinishLaunching") == true)
        #expect(result.record.stderrTail?.contains("index out of range") == true)
        #expect(result.trace == nil)
    }

    @Test("a hung app is killed at the timeout and reported with the phase it hung in")
    func hang() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = "echo 'phase 1000 willFinishLaunching' >&$LAUNCHPROF_EVENT_FD; exec sleep 30"
        let result = AppLauncher().launch(Self.request(script, in: folder, timeout: 0.5))
        #expect(result.record.outcome == .timedOut)
        #expect(result.record.signal == SIGKILL)
        #expect(result.record.lastPhase == "willFinishLaunching")
        #expect(result.record.message?.contains("0.5 s") == true)
        #expect(result.record.wallNs >= 500_000_000)
    }

    @Test(
        "other endings are classified and explained",
        arguments: [
            ("exit 3", LaunchRecord.Outcome.exitedWithError, "status 3"),
            ("echo 'phase 1000 binaryLoad' >&$LAUNCHPROF_EVENT_FD; exit 0", .noTrace, "wrote no trace"),
            ("echo '{\"schemaVersion\": 1' > \"$LAUNCHPROF_TRACE\"", .invalidTrace, "cannot be read"),
        ]
    )
    func otherEndings(script: String, outcome: LaunchRecord.Outcome, phrase: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLauncher().launch(Self.request(script, in: folder))
        #expect(result.record.outcome == outcome)
        #expect(result.record.message?.contains(phrase) == true, "\(result.record.message ?? "")")
    }

    @Test("an executable that does not exist cannot be spawned, and says so")
    func spawnFailure() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Self.request("", in: folder)
        request.specification.executable = folder.appendingPathComponent("NoSuchApp").path
        let result = AppLauncher().launch(request)
        #expect(result.record.outcome == .spawnFailed)
        #expect(result.record.message?.contains("NoSuchApp") == true)
    }

    @Test("resume: the app is sent to the background once active and brought back")
    func resume() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Behaves like an app: reports active, logs the signals it gets, then exits after SIGUSR2.
        let log = folder.appendingPathComponent("signals.txt").path
        let script = """
            trap 'echo background >> \(log)' USR1
            trap 'echo foreground >> \(log); cp '\(Self.validTrace.path)' "$LAUNCHPROF_TRACE"; exit 0' USR2
            echo 'active 100 ' >&$LAUNCHPROF_EVENT_FD
            while true; do sleep 0.01; done
            """
        let result = AppLauncher(backgroundDwellSeconds: 0.2).launch(
            Self.request(script, in: folder, scenario: .resume))
        #expect(result.record.outcome == .completed)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "background\nforeground\n")
    }
}
