import Foundation
import LaunchTrace
import Testing

/// Runs `launchprof trace` on FixtureApp as real processes, from the build folder that holds
/// the test bundle, launchprof, FixtureApp and libLaunchPreload.so.
enum Launch {
    static let directory: URL = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var trace: LaunchTrace?
    }

    /// `launchprof trace [options] -o <tmp> -- FixtureApp` with `FIXTURE_BEHAVIOR=behavior`.
    static func trace(
        _ behavior: String, options: [String] = [], launchprof: String? = nil,
        environment extra: [String: String] = [:],
        wrapper: String? = nil
    ) throws -> Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("instr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("launch.trace.json").path
        let out = folder.appendingPathComponent("out.txt")
        let err = folder.appendingPathComponent("err.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        // The instruments under test only: the pre-main breakdown's own launch is PreMainTests'.
        let arguments =
            ["trace", "--no-pre-main"] + options + ["-o", tracePath, "--timeout", "20", "--", path("FixtureApp")]
        if let wrapper {
            process.executableURL = URL(filePath: path(wrapper))
            process.arguments = [launchprof ?? path("launchprof")] + arguments
        } else {
            process.executableURL = URL(filePath: launchprof ?? path("launchprof"))
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("LAUNCHPROF_") && $0.key != "LD_PRELOAD"
        }
        environment["FIXTURE_BEHAVIOR"] = behavior
        environment.merge(extra) { _, new in new }
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let trace =
            FileManager.default.fileExists(atPath: tracePath)
            ? try? LaunchTrace.read(from: URL(filePath: tracePath)) : nil
        return Output(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
            trace: trace
        )
    }
}

extension LaunchTrace {
    /// How long FixtureApp's blocking call really took (its `fixture.block` span): what the
    /// instruments' figures are checked against, since a busy machine wakes the thread late.
    func blockedNs() throws -> Int64 {
        try #require(spans.first { $0.name == "fixture.block" }, "no fixture.block span in \(spans.map(\.name))")
            .durationNs
    }
}

/// The blocking calls FixtureApp can make (`block:<call>:<ms>`), with what the tracer records.
struct BlockingCase: Sendable, CustomTestStringConvertible {
    var call: String
    var function: String
    var kind: BlockingKind
    /// Cut short (EINTR or an early return) by one sample signal without SA_RESTART taking effect
    /// (PLATFORM_NOTES' EINTR table).
    var cutShortBySignal: Bool
    /// Returns EINTR after a ptrace stop (only epoll_wait).
    var cutShortByPtrace: Bool

    var testDescription: String { call }

    static let all: [BlockingCase] = [
        BlockingCase(
            call: "read-pipe", function: "read", kind: .fileIO, cutShortBySignal: false, cutShortByPtrace: false),
        BlockingCase(
            call: "nanosleep", function: "nanosleep", kind: .sleep, cutShortBySignal: true, cutShortByPtrace: false),
        BlockingCase(call: "usleep", function: "usleep", kind: .sleep, cutShortBySignal: true, cutShortByPtrace: false),
        BlockingCase(call: "poll", function: "poll", kind: .wait, cutShortBySignal: true, cutShortByPtrace: false),
        BlockingCase(call: "select", function: "select", kind: .wait, cutShortBySignal: true, cutShortByPtrace: false),
        BlockingCase(
            call: "epoll_wait", function: "epoll_wait", kind: .wait, cutShortBySignal: true, cutShortByPtrace: true),
        BlockingCase(
            call: "sem_wait", function: "sem_wait", kind: .lock, cutShortBySignal: false, cutShortByPtrace: false),
        BlockingCase(
            call: "pthread_cond_wait", function: "pthread_cond_wait", kind: .lock, cutShortBySignal: false,
            cutShortByPtrace: false),
        BlockingCase(
            call: "dispatch-semaphore", function: "sem_wait", kind: .lock, cutShortBySignal: false,
            cutShortByPtrace: false),
        BlockingCase(
            call: "thread-sleep", function: "nanosleep", kind: .sleep, cutShortBySignal: false, cutShortByPtrace: false),
        BlockingCase(
            call: "file-read", function: "open", kind: .fileIO, cutShortBySignal: false, cutShortByPtrace: false),
    ]
}

/// `actual` within `percent` % of `expected`.
func within(_ percent: Double, _ actual: Int64, of expected: Int64) -> Bool {
    abs(Double(actual - expected)) <= Double(expected) * percent / 100
}
