import Foundation
import LaunchRunner
import LaunchTrace
import Testing

/// The measured end of a launch: the probe's exit-point event goes out before the trace is
/// written, and also when nothing is recorded, so a launch with the profiler off is timed by the
/// same clock reads as one with it on.
@Suite("Exit point, on real launches of FixtureApp")
struct ExitPointTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("exitpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// FixtureApp launched by the runner; with `wrapper`, through it (`/usr/bin/env -u …`).
    static func launch(in folder: URL, wrapper: [String] = []) -> LaunchResult {
        let app = Launch.path("FixtureApp")
        let request = LaunchRequest(
            executable: wrapper.first ?? app, arguments: Array(wrapper.dropFirst()) + (wrapper.isEmpty ? [] : [app]),
            environment: ["FIXTURE_BEHAVIOR": "normal"], traceURL: folder.appendingPathComponent("t.trace.json"),
            stderrURL: folder.appendingPathComponent("t.stderr.txt"), index: 1, timeoutSeconds: 20, exitAfter: .firstFrame,
            instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none)
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
        let result = Self.launch(in: folder, wrapper: ["/usr/bin/env", "-u", ProfilerEnvironment.Variable.trace.rawValue])
        #expect(result.trace == nil)
        #expect(result.record.exitStatus == 0)
        let exitPoint = try #require(result.events.first { $0.kind == .exitPoint })
        #expect(exitPoint.timeNs > 0)
        #expect(!result.events.contains { $0.kind == .finished || $0.kind == .phase })
    }
}
