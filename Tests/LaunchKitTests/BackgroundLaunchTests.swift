import Foundation
import LaunchProbe
import LaunchTrace
import Testing

@testable import LaunchKit

/// A launch in the background (`LAUNCHKIT_BACKGROUND_LAUNCH=1`, which `--scenario background`
/// sets): the app is in the background from the start, no launch screen, no scene, no window,
/// and the launch ends when `didFinishLaunching` returns.
@Suite(.serialized)
@MainActor
struct BackgroundLaunchTests {
    private static let background = [Scenario.backgroundVariable: "1"]

    @Test func aSceneBasedAppLaunchedInTheBackgroundConnectsNoSceneAndShowsNothing() throws {
        let environment = Self.background.merging(LaunchReason.backgroundDefault.environment) { $1 }
        let harness = PipelineHarness(
            bundle: "SceneLaunchScreen", delegate: .type(LaunchScreenWatchingDelegate.self), environment: environment)
        try harness.pipeline.launch()
        let delegate = try #require(harness.pipeline.delegate as? LaunchScreenWatchingDelegate)
        #expect(delegate.stateAtDidFinishLaunching == .background)
        #expect(delegate.notificationAtDidFinishLaunching?["aps"] != nil, "the silent notification is the reason")
        #expect(!delegate.launchScreenDrawnAtInit && harness.pipeline.launchScreen == nil)
        #expect(harness.application.connectedScenes.isEmpty && harness.application.windows.isEmpty)
        #expect(harness.application.applicationState == .background)
        #expect(!harness.application.frameScheduler.isPending, "no frame is scheduled")
        let trace = try harness.trace()
        #expect(trace.phases.map(\.phase).last == .didFinishLaunching)
        #expect(!trace.phases.contains { $0.phase == .sceneConfiguration || $0.phase == .firstVisibleWindow })
        let didFinish = try #require(trace.record(of: .didFinishLaunching))
        #expect(trace.totals.timeToReadyNs == didFinish.endNs)
        #expect(trace.totals.timeToFirstFrameNs == nil && trace.totals.timeToActiveNs == nil)
        #expect(trace.totals.timeToLaunchScreenNs == nil)
        #expect(trace.marks.contains { $0.name == PhaseRecorder.backgroundEndMark && $0.phase == .didFinishLaunching })
    }

    @Test func aBackgroundLaunchedSceneAppBroughtToTheForegroundConnectsItsScene() throws {
        SceneEvents.log = []
        let harness = PipelineHarness(
            bundle: "SceneCode", delegate: .type(SceneAppDelegate.self), environment: Self.background)
        try harness.pipeline.launch()
        #expect(SceneEvents.log == ["willFinishLaunching", "didFinishLaunching"])
        harness.pipeline.enterForeground()
        harness.endRunLoopTurn()
        #expect(
            SceneEvents.log == [
                "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnectTo",
                "sceneWillEnterForeground", "sceneDidBecomeActive",
            ])
        #expect(harness.application.applicationState == .active)
        let scene = try #require(harness.application.connectedScenes.first as? UIWindowScene)
        #expect(scene.activationState == .foregroundActive)
        let window = try #require(scene.keyWindow)
        #expect(!window.isHidden && window.lastCommittedFrame != nil, "the scene's window is shown and drawn")
        let trace = try harness.trace()
        #expect(trace.phases.map(\.phase).last == .didFinishLaunching, "the launch ended before; no phase is added")
    }

    @Test func aBackgroundLaunchedAppDelegateAppBroughtToTheForegroundShowsItsStoryboardWindow() throws {
        let harness = PipelineHarness(bundle: "Storyboard", environment: Self.background)
        try harness.pipeline.launch()
        harness.pipeline.enterForeground()
        harness.endRunLoopTurn()
        #expect(
            harness.delegate.events == [
                "willFinishLaunching", "didFinishLaunching", "willEnterForeground", "didBecomeActive",
            ])
        let window = try #require(harness.delegate.window)
        #expect(window.isKeyWindow && !window.isHidden && window.lastCommittedFrame != nil)
        #expect(harness.application.applicationState == .active)
    }

    @Test func anAppDelegateAppLaunchedInTheBackgroundDrawsNoFrame() throws {
        let harness = PipelineHarness(bundle: "Storyboard", environment: Self.background)
        try harness.pipeline.launch()
        harness.endRunLoopTurn()
        #expect(harness.delegate.events == ["willFinishLaunching", "didFinishLaunching"])
        #expect(harness.application.applicationState == .background)
        let window = try #require(harness.delegate.window, "the main storyboard's window is made, as in UIKit")
        #expect(window.isHidden && window.lastCommittedFrame == nil)
        let trace = try harness.trace()
        #expect(trace.phases.map(\.phase).last == .didFinishLaunching)
        #expect(trace.totals.timeToFirstFrameNs == nil && trace.totals.timeToReadyNs != nil)
    }
}
