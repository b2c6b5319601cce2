import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `launchprof run --scenario background` on SampleApp: launched for a background reason, no
/// scene and no window, the launch ends when `didFinishLaunching` returns, and its numbers are
/// kept apart under their own scenario.
@Suite("launchprof run --scenario background")
struct BackgroundScenarioTests {
    @Test("a background run of SampleApp: exit 0, no scene nor window, the numbers apart in summary.json")
    func backgroundRun() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "3", "--warmup", "0", "--scenario", "background", "--no-history", "--verbose",
                "--budgets", BuiltProducts.fixture("budgets-background.json"), "--output", folder.path, "--",
                BuiltProducts.path("SampleApp"),
            ], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        // The report calls the launch's end readiness: a background launch has no first frame.
        #expect(output.stdout.contains("time to ready") && !output.stdout.contains("first frame"), "\(output.stdout)")
        // Its measurement launches wrote their own traces: every reported time but the instruments' is theirs.
        #expect(
            output.stdout.contains("measurement launches (the probe's marks alone)")
                && output.stdout.contains("every other metric from the measurement launches"), "\(output.stdout)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        #expect(summary.run.scenario == .background && Array(summary.scenarios.keys) == ["background"])
        #expect(summary.metric(.timeToReady, scenario: .background)?.statistics.n == 3)
        #expect(summary.metric(.phase(.didFinishLaunching), scenario: .background) != nil)
        #expect(summary.metric(.timeToFirstFrame, scenario: .background) == nil, "no frame in the background")
        #expect(summary.metric(.phase(.sceneWillConnect), scenario: .background) == nil, "no scene connected")
        try OutputSchemaTests.expectValid([folder.appendingPathComponent("summary.json")], "summary")
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("launch-") && $0.hasSuffix(".trace.json") }
        #expect(traces.count == 3)
        for name in traces {
            let trace = try LaunchTrace.read(from: folder.appendingPathComponent(name))
            #expect(trace.scenario == .background && trace.ending.reason == .exitAfterBackgroundLaunch)
            #expect(trace.phases.last?.phase == .didFinishLaunching, "\(trace.phases.map(\.phase))")
            #expect(!trace.spans.contains { $0.name.hasPrefix("display.") || $0.name == "catalog.load" })
            #expect(trace.marks.map(\.name).contains("remoteNotification"), "the default reason, a notification")
        }
    }
}
