import Foundation
import LaunchRunner
import LaunchTrace
import Testing

/// The measured end of a launch: the probe's exit-point event goes out before the trace is
/// written, and also when nothing is recorded, so a launch with the profiler off is timed by the
/// same clock reads as one with it on. And the profiler's own main-thread time counts the tracer.
@Suite("Exit point and the profiler's own cost, on real launches of FixtureApp")
struct ExitPointTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exitpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// FixtureApp launched by the runner; with `wrapper`, through it (`/usr/bin/env -u …`).
    static func launch(in folder: URL, wrapper: [String] = []) -> LaunchResult {
        let app = Launch.path("FixtureApp")
        let specification = LaunchSpecification(
            executable: wrapper.first ?? app, arguments: Array(wrapper.dropFirst()) + (wrapper.isEmpty ? [] : [app]),
            environment: ["FIXTURE_BEHAVIOR": "normal"], timeoutSeconds: 20, exitAfter: .firstFrame,
            instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none)
        )
        let request = LaunchRequest(
            specification, traceURL: folder.appendingPathComponent("t.trace.json"),
            stderrURL: folder.appendingPathComponent("t.stderr.txt"), index: 1
        )
        return AppLauncher().launch(request)
    }

    @Test("recording: the exit-point event comes before the trace is written, at or after the first frame")
    func beforeTheTrace() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Self.launch(in: folder)
        let trace = try #require(result.trace)
        let exitIndex = try #require(result.events.firstIndex { $0.kind == .exitPoint })
        let finishedIndex = try #require(result.events.firstIndex { $0.kind == .finished })
        #expect(exitIndex < finishedIndex)
        let exitPoint = result.events[exitIndex]
        #expect(exitPoint.name == LaunchEnding.Reason.exitAfterFirstFrame.rawValue)
        #expect(exitPoint.timeNs >= (trace.totals.timeToFirstFrameNs ?? .max))
        #expect(exitPoint.timeNs <= trace.ending.atNs)
    }

    @Test("not recording (no LAUNCHPROF_TRACE): the exit-point event is still sent, and no trace is written")
    func withRecordingOff() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = Self.launch(
            in: folder, wrapper: ["/usr/bin/env", "-u", ProfilerEnvironment.Variable.trace.rawValue])
        #expect(result.trace == nil)
        #expect(result.record.exitStatus == 0)
        let exitPoint = try #require(result.events.first { $0.kind == .exitPoint })
        #expect(exitPoint.timeNs > 0)
        #expect(!result.events.contains { $0.kind == .finished || $0.kind == .phase })
    }

    @Test("with the tracer preloaded, its own time is in the trace and in the profiler's main-thread time")
    func tracerOwnTime() throws {
        let output = try Launch.trace("normal", options: ["--profile", "off", "--sampler", "none"])
        let trace = try #require(output.trace, "\(output.stderr)")
        let tracer = try #require(trace.mainThread?.tracer)
        let own = try #require(tracer.ownNs)
        #expect(tracer.interceptedCalls > 0)
        #expect(own > 0)
        #expect(trace.profiler.mainThreadNs >= own)
    }
}
