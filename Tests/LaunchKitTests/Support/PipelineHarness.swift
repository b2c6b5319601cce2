import LaunchProbe
import LaunchTrace
import Testing

@testable import LaunchKit

/// Runs LaunchKit's launch pipeline in-process: a fresh UIApplication singleton, a manual
/// frame scheduler (no run loop), and a recording probe whose trace the test can read.
@MainActor
struct PipelineHarness {
    let pipeline: LaunchPipeline
    let probe: LaunchProbe

    /// A pipeline for the fixture bundle `bundle` (or no Info.plist at all when `nil`).
    init(
        bundle: String?, principal: LaunchPipeline.ClassReference? = nil,
        delegate: LaunchPipeline.ClassReference? = .type(RecordingDelegate.self),
        environment: [String: String] = [:]
    ) {
        UIApplication.resetForTesting()
        var environment = environment
        if let bundle { environment["LAUNCHKIT_BUNDLE"] = Fixtures.bundle(bundle).path }
        let tracePath = FileManager.default.temporaryDirectory.appending(
            path: "launchkit-test-\(UUID().uuidString).json"
        ).path
        probe = LaunchProbe(configuration: LaunchConfiguration(tracePath: tracePath))
        pipeline = LaunchPipeline(
            principal: principal, delegate: delegate, environment: environment,
            locator: AppBundleLocator(environment: environment, executableURL: nil),
            probe: probe, schedulerMode: .manual
        )
    }

    var application: UIApplication { pipeline.application! }
    var delegate: RecordingDelegate { pipeline.delegate as! RecordingDelegate }

    /// Runs the pending frame commit, as the end of the run-loop turn would.
    func endRunLoopTurn() {
        application.frameScheduler.runPending()
    }

    /// The trace recorded so far.
    func trace() throws -> LaunchTrace {
        try #require(probe.snapshot(reason: .finishedByApp))
    }
}
