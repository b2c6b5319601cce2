import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The runner's readiness conditions against FixtureServer, a real process that listens,
/// prints a line, writes a file and speaks sd_notify, then waits for SIGTERM.
@Suite("Readiness of a server", .serialized)
struct ReadinessTests {
    static var fixtureServer: String { BuiltProducts.directory.appendingPathComponent("FixtureServer").path }

    /// A TCP port that was free a moment ago.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func request(_ condition: ReadyCondition, arguments: [String], in folder: URL, timeout: Double = 20)
        -> LaunchRequest
    {
        let specification = LaunchSpecification(
            executable: fixtureServer, arguments: arguments, timeoutSeconds: timeout,
            readiness: ReadinessSettings(condition: condition, gracePeriodSeconds: 2),
            instruments: InstrumentSettings(
                preloadLibrary: InstrumentSettings.preloadLibrary(besideExecutable: fixtureServer), sampler: .none)
        )
        return LaunchRequest(
            specification, traceURL: folder.appendingPathComponent("t.trace.json"),
            stderrURL: folder.appendingPathComponent("t.stderr.txt"), index: 1
        )
    }

    /// Whether no process of the launch's process group is left.
    static func nothingLeft(of pid: Int32) -> Bool {
        Glibc.kill(-pid, 0) == -1 && errno == ESRCH
    }

    static func conditions(port: Int, file: String) -> [ReadyCondition] {
        [.port(port), .stdout("^listening on port [0-9]+$"), .notify, .file(file)]
    }

    @Test(
        "a server becomes ready by port, by output line, by notify and by file; it is ended cleanly and nothing is left"
    )
    func becomesReady() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ready.flag").path
        for condition in Self.conditions(port: Self.freePort(), file: file) {
            let port = Self.freePort()
            let arguments = ["--delay-ms", "50", "--port", String(port), "--file", file]
            let condition = {
                if case .port = condition { return ReadyCondition.port(port) } else { return condition }
            }()
            // The server writes the file whatever the condition; launchprof refuses a `file:` path
            // that exists before the launch (it removes only what a `file:` launch created).
            try? FileManager.default.removeItem(atPath: file)
            let result = AppLauncher().launch(Self.request(condition, arguments: arguments, in: folder))
            let record = result.record
            #expect(record.outcome == .completed, "\(condition): \(record.message ?? "")")
            #expect(record.readyWhen == condition)
            let ready = try #require(record.readyNs, "\(condition)")
            #expect(ready >= 50_000_000, "\(condition) was ready after \(ready) ns, before the server's 50 ms delay")
            #expect(record.shutdown?.method == .terminated, "\(condition)")
            #expect(record.shutdown?.exitStatus == 0 || record.shutdown?.signal == SIGTERM, "\(condition)")
            let trace = try #require(result.trace)
            #expect(trace.phases.map(\.phase) == [.exec, .loader, .main], "\(condition)")
            #expect(trace.totals.timeToReadyNs == ready)
            #expect(Self.nothingLeft(of: trace.pid), "\(condition): a process of the launch is still running")
            if case .file = condition {
                #expect(!FileManager.default.fileExists(atPath: file), "removed after the launch")
            }
        }
    }

    @Test("a server that ignores SIGTERM is killed after the grace period, and the record says so")
    func killedAfterGrace() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Self.request(
            .stdout("listening"), arguments: ["--port", String(Self.freePort()), "--ignore-term"], in: folder)
        request.specification.readiness.gracePeriodSeconds = 0.2
        let result = AppLauncher().launch(request)
        #expect(result.record.outcome == .completed)
        #expect(result.record.shutdown?.method == .killedAfterGrace)
        #expect(result.record.shutdown?.signal == SIGKILL)
        #expect((result.record.shutdown?.durationNs ?? 0) >= 200_000_000)
        #expect(Self.nothingLeft(of: try #require(result.trace).pid))
    }

    @Test("a server that never becomes ready is killed at the timeout, with the condition it was waiting for")
    func neverReady() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLauncher().launch(
            Self.request(.port(Self.freePort()), arguments: ["--never-ready"], in: folder, timeout: 0.5))
        #expect(result.record.outcome == .timedOut)
        #expect(
            result.record.message?.contains("did not become ready (waiting for TCP port") == true,
            "\(result.record.message ?? "")")
        #expect(result.trace == nil)
    }

    @Test("a program that exits before its condition is met is reported so")
    func exitsBeforeReady() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Self.request(.file(folder.appendingPathComponent("never").path), arguments: [], in: folder)
        request.specification.executable = "/bin/true"
        let result = AppLauncher().launch(request)
        #expect(result.record.outcome == .exitedBeforeReady)
        #expect(result.record.message?.contains("before it was ready") == true)
    }

    @Test("a command-line tool that writes no trace is ready when it exits: phases exec, loader, main, exit")
    func toolExits() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Self.request(.exit, arguments: ["--version"], in: folder)
        request.specification.executable = "/usr/bin/git"
        request.specification.readiness = ReadinessSettings()
        let result = AppLauncher().launch(request)
        #expect(result.record.outcome == .completed, "\(result.record.message ?? "")")
        let trace = try #require(result.trace)
        #expect(trace.phases.map(\.phase) == PhaseName.program)
        #expect(trace.ending.reason == .exited)
        #expect(trace.totals.timeToReadyNs == trace.phases.last?.endNs)
        #expect(trace.marks.contains { $0.name == ProbeEvent.Kind.mainStarted.rawValue })
    }
}
