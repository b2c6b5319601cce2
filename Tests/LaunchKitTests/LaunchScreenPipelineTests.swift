import Foundation
import LaunchProbe
import LaunchTrace
import Testing

@testable import LaunchKit

/// The launch screen (`UILaunchStoryboardName`) without a display: drawn before the app
/// delegate exists, timed as `timeToLaunchScreen`, kept out of the app's windows and gone at
/// the first frame.
@Suite(.serialized)
@MainActor
struct LaunchScreenPipelineTests {
    private let purple = Framebuffer.Pixel(UIColor(hex: "#800080")!)

    private func launch(_ bundle: String, environment: [String: String] = [:]) throws -> PipelineHarness {
        let harness = PipelineHarness(
            bundle: bundle, delegate: .type(LaunchScreenWatchingDelegate.self), environment: environment)
        try harness.pipeline.launch()
        return harness
    }

    @Test func theLaunchScreenIsDrawnBeforeTheDelegateExistsAndGoesAtTheFirstFrame() throws {
        let harness = try launch("SceneLaunchScreen")
        let delegate = try #require(harness.pipeline.delegate as? LaunchScreenWatchingDelegate)
        #expect(delegate.launchScreenDrawnAtInit, "the launch screen was drawn before the app delegate was created")
        let screen = try #require(harness.pipeline.launchScreen)
        let frame = try #require(screen.window.lastCommittedFrame)
        #expect(frame.count(of: purple) == frame.width * frame.height, "the launch storyboard's purple view")
        #expect(!harness.application.windows.contains { $0 === screen.window }, "not one of the app's windows")
        harness.endRunLoopTurn()
        #expect(harness.pipeline.launchScreen == nil)
        let trace = try harness.trace()
        let shown = try #require(trace.totals.timeToLaunchScreenNs)
        let firstFrame = try #require(trace.totals.timeToFirstFrameNs)
        let delegateObject = try #require(trace.record(of: .delegateObject))
        #expect(shown <= delegateObject.startNs && shown < firstFrame)
        let mark = try #require(trace.marks.first { $0.name == PhaseRecorder.launchScreenMark })
        #expect(mark.phase == .applicationObject && mark.timeNs == shown)
        #expect(trace.spans.contains { $0.name == LaunchScreen.span && $0.phase == .applicationObject })
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
    }

    @Test func withoutUILaunchStoryboardNameThereIsNoLaunchScreen() throws {
        let harness = try launch("SceneStoryboard")
        harness.endRunLoopTurn()
        let trace = try harness.trace()
        #expect(trace.totals.timeToLaunchScreenNs == nil && trace.totals.timeToFirstFrameNs != nil)
        #expect(!trace.marks.contains { $0.name == PhaseRecorder.launchScreenMark })
    }

    @Test func aMissingLaunchStoryboardNamesTheFileAndTheKey() throws {
        let error = #expect(throws: LaunchKitError.self) { _ = try launch("LaunchScreenMissing") }
        let storyboard = Fixtures.bundle("LaunchScreenMissing").appending(path: "Nowhere.storyboard").path
        #expect(error?.code == .missingStoryboard)
        #expect(error?.context.file == storyboard)
        #expect(error?.context.jsonPath == "UILaunchStoryboardName")
        #expect(error?.message.contains("sets UILaunchStoryboardName to \"Nowhere\"") == true)
    }
}
