import Foundation
import LaunchTrace
import Testing

@testable import LaunchKit

/// A scene-based app (an Info.plist with `UIApplicationSceneManifest`) launched in-process:
/// UIKit's callback order across the app delegate and the scene delegate, the scene phases,
/// the window key and visible when the scene is active, and clear errors for a bad manifest.
@Suite(.serialized)
@MainActor
struct ScenePipelineTests {
    private let red = Framebuffer.Pixel(.red)
    private let green = Framebuffer.Pixel(UIColor(hex: "#00FF00")!)

    private func launch(
        _ bundle: String, delegate: any UIApplicationDelegate.Type = SceneAppDelegate.self,
        environment: [String: String] = [:]
    ) throws -> PipelineHarness {
        SceneEvents.log = []
        SceneEvents.activeState = nil
        let harness = PipelineHarness(bundle: bundle, delegate: .type(delegate), environment: environment)
        try harness.pipeline.launch()
        return harness
    }

    private func sceneDelegate(_ harness: PipelineHarness) throws -> RecordingSceneDelegate {
        let scene = try #require(harness.application.connectedScenes.first)
        return try #require(scene.delegate as? RecordingSceneDelegate)
    }

    @Test func aSceneAppWrittenAsForUIKitCallsBackInUIKitsOrder() throws {
        let harness = try launch("SceneCode")
        #expect(
            SceneEvents.log == [
                "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnectTo",
                "sceneWillEnterForeground",
            ])
        #expect(harness.application.applicationState == .inactive)
        harness.endRunLoopTurn()
        #expect(
            SceneEvents.log == [
                "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnectTo",
                "sceneWillEnterForeground", "sceneDidBecomeActive",
            ])
        #expect(harness.application.applicationState == .active)
        let scene = try #require(harness.application.connectedScenes.first as? UIWindowScene)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.session.role == .windowApplication)
        #expect(scene.session.scene === scene)
        #expect(scene.session.configuration.name == "Default Configuration")
        let delegate = try #require(scene.delegate as? CodeSceneDelegate)
        let window = try #require(delegate.window)
        #expect(window.windowScene === scene)
        #expect(scene.windows.map(ObjectIdentifier.init) == [ObjectIdentifier(window)])
        #expect(scene.keyWindow === window)
        #expect(harness.application.keyWindow === window)
        let active = try #require(SceneEvents.activeState)
        #expect(active.scene == .foregroundActive && active.key && active.visible)
        let frame = try #require(window.lastCommittedFrame)
        #expect(
            frame.count(of: red) == frame.width * frame.height, "the scene delegate's red view, not the main storyboard"
        )
    }

    @Test func theTraceHasTheScenePhasesInOrder() throws {
        let harness = try launch("SceneCode")
        harness.endRunLoopTurn()
        let trace = try harness.trace()
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
        #expect(trace.app.interface == .code)
        #expect(trace.totals.timeToFirstFrameNs != nil && trace.totals.timeToActiveNs != nil)
        let active = try #require(trace.phases.last)
        #expect(active.phase == .didBecomeActive)
        #expect(active.startNs + active.durationNs == trace.totals.timeToActiveNs)
    }

    @Test func theManifestsConfigurationGivesTheDelegateAndTheStoryboardsWindow() throws {
        let harness = try launch("SceneStoryboard", delegate: PlainSceneAppDelegate.self)
        let delegate = try sceneDelegate(harness)
        #expect(delegate is ManifestSceneDelegate)
        let window = try #require(delegate.windowAtConnect, "the storyboard's window is assigned before willConnectTo")
        #expect(window.windowScene === harness.application.connectedScenes.first)
        #expect(delegate.windowWasHiddenAtConnect == true, "shown after willConnectTo, as UIKit does")
        harness.endRunLoopTurn()
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(window.lastCommittedFrame?.pixel(at: CGPoint(x: 300, y: 400)) == green)
        #expect(SceneEvents.log == ["willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive"])
        let trace = try harness.trace()
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
        #expect(trace.app.interface == .storyboard)
    }

    @Test func backgroundForegroundAndTerminateGoThroughTheScene() throws {
        let harness = try launch("SceneCode")
        let pipeline = harness.pipeline
        pipeline.enterBackground()  // during the launch: done once active
        harness.endRunLoopTurn()
        let scene = try #require(harness.application.connectedScenes.first)
        #expect(scene.activationState == .background)
        pipeline.enterForeground()
        harness.endRunLoopTurn()
        #expect(scene.activationState == .foregroundActive)
        pipeline.terminate()
        #expect(
            SceneEvents.log.dropFirst(5) == [
                "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
                "sceneWillEnterForeground", "sceneDidBecomeActive",
                "sceneWillResignActive", "sceneDidEnterBackground", "sceneDidDisconnect", "willTerminate",
            ])
        #expect(scene.activationState == .unattached)
        #expect(harness.application.connectedScenes.isEmpty)
    }

    @Test func theLaunchURLAndActivityReachTheConnectionOptions() throws {
        let harness = try launch(
            "SceneCode",
            environment: [
                "LAUNCHKIT_LAUNCH_URL": "sample://item/42", "LAUNCHKIT_SOURCE_APPLICATION": "com.example.mail",
                "LAUNCHKIT_USER_ACTIVITY_TYPE": "com.example.browsing",
            ])
        let options = try #require(try sceneDelegate(harness).connectionOptions)
        let context = try #require(options.urlContexts.first)
        #expect(context.url == URL(string: "sample://item/42"))
        #expect(context.options.sourceApplication == "com.example.mail")
        #expect(options.userActivities.map(\.activityType) == ["com.example.browsing"])
        let appDelegate = try #require(harness.pipeline.delegate as? SceneAppDelegate)
        #expect(appDelegate.connectingOptions === options)
    }

    @Test func aNotificationPayloadReachesTheLaunchOptions() throws {
        let harness = PipelineHarness(
            bundle: "CodePath", environment: [LaunchReason.notificationVariable: #"{"aps": {"badge": 3}, "item": 42}"#])
        try harness.pipeline.launch()
        let payload = try #require(harness.delegate.remoteNotifications.last ?? nil)
        #expect(payload["item"] as? Int == 42)
        #expect((payload["aps"] as? [String: Any])?["badge"] as? Int == 3)
        #expect(harness.delegate.remoteNotifications.count == 2, "both launching callbacks")
    }

    @Test func anOpenedNotificationReachesTheScenesConnectionOptions() throws {
        let payload = #"{"aps": {"alert": {"title": "Sale", "body": "Item 42 is half price"}}, "item": 42}"#
        let harness = try launch("SceneCode", environment: [LaunchReason.notificationVariable: payload])
        let delegate = try #require(harness.pipeline.delegate as? SceneAppDelegate)
        let response = try #require(delegate.connectingOptions?.notificationResponse)
        #expect(response.actionIdentifier == UNNotificationDefaultActionIdentifier)
        let content = response.notification.request.content
        #expect(content.userInfo["item"] as? Int == 42)
        #expect(content.title == "Sale" && content.body == "Item 42 is half price")
        let plain = try launch("SceneCode")
        let plainDelegate = try #require(plain.pipeline.delegate as? SceneAppDelegate)
        #expect(plainDelegate.connectingOptions?.notificationResponse == nil, "a plain launch opens no notification")
    }

    @Test func theAppDelegatePathIsUnchangedBesideIt() throws {
        let harness = PipelineHarness(bundle: "CodePath")
        try harness.pipeline.launch()
        harness.endRunLoopTurn()
        #expect(harness.application.connectedScenes.isEmpty)
        #expect(try harness.trace().phases.map(\.phase) == PhaseName.uikit.filter { $0 != .mainStoryboard })
    }

    @Test(arguments: [
        ("SceneWrongTypeDelegate", LaunchKitError.Code.invalidValue, "UISceneDelegateClassName", "42"),
        ("SceneUnknownDelegate", .unknownClass, "UISceneDelegateClassName", "LaunchKitTests.NoSuchSceneDelegate"),
        ("SceneWrongKindDelegate", .wrongKindOfClass, "UISceneDelegateClassName", "LaunchKitTests.NotADelegate"),
        ("SceneRoleNotArray", .invalidValue, "UIWindowSceneSessionRoleApplication", "\"SceneDelegate\""),
        ("SceneManifestNotDictionary", .invalidValue, "UIApplicationSceneManifest", "true"),
    ])
    func aBadManifestIsAnErrorNamingTheFileKeyPathValueAndExpectation(
        bundle: String, kind: LaunchKitError.Code, key: String, value: String
    ) throws {
        let error = #expect(throws: LaunchKitError.self) {
            _ = try launch(bundle, delegate: PlainSceneAppDelegate.self)
        }
        let file = Fixtures.bundle(bundle).appending(path: "Info.plist").path
        #expect(error?.code == kind)
        #expect(error?.context.file == file)
        #expect(error?.context.jsonPath?.hasPrefix("UIApplicationSceneManifest") == true)
        #expect(error?.context.jsonPath?.hasSuffix(key) == true)
        let message = try #require(error?.message)
        #expect(message.contains(file) && message.contains(value) && message.contains("expected"))
        #expect(message.contains(try #require(error?.context.jsonPath)))
    }

    @Test func aConfigurationWhoseDelegateClassIsNoSceneDelegateIsAnErrorNamingIt() throws {
        let error = #expect(throws: LaunchKitError.self) {
            _ = try launch("SceneCode", delegate: WrongSceneDelegateAppDelegate.self)
        }
        #expect(error?.code == .wrongKindOfClass)
        #expect(error?.context.jsonPath == "UISceneConfiguration.delegateClass")
        #expect(error?.message.contains("LaunchKitTests.NotADelegate") == true)
        #expect(error?.message.contains("a UIResponder subclass that adopts UISceneDelegate") == true)
    }

    @Test func aMissingSceneStoryboardNamesTheFileAndTheKey() throws {
        let error = #expect(throws: LaunchKitError.self) {
            _ = try launch("SceneMissingStoryboard", delegate: PlainSceneAppDelegate.self)
        }
        let storyboard = Fixtures.bundle("SceneMissingStoryboard").appending(path: "Missing.storyboard").path
        #expect(error?.code == .missingStoryboard)
        #expect(error?.context.file == storyboard)
        #expect(error?.context.jsonPath == "UISceneStoryboardFile")
        #expect(error?.message.contains(storyboard) == true)
    }
}
