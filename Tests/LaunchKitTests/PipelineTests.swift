import Foundation
import LaunchTrace
import Testing

@testable import LaunchKit

/// The launch pipeline run in-process. One serialized suite, because every test replaces
/// the process's UIApplication singleton.
@Suite(.serialized)
@MainActor
struct PipelineTests {
    private let red = Framebuffer.Pixel(.red)
    private let green = Framebuffer.Pixel(UIColor(hex: "#00FF00")!)
    private let blue = Framebuffer.Pixel(.blue)

    @Test func storyboardPathShowsTheInitialViewControllerInAKeyWindow() throws {
        let harness = PipelineHarness(bundle: "Storyboard")
        try harness.pipeline.launch()
        let application = harness.application
        let delegate = harness.delegate
        #expect(delegate.events == ["willFinishLaunching", "didFinishLaunching"])
        #expect(harness.pipeline.interface == .storyboard)

        let window = try #require(delegate.window)
        #expect(window.isKeyWindow)
        #expect(!window.isHidden)
        #expect(application.keyWindow === window)
        #expect(application.windows.map(ObjectIdentifier.init) == [ObjectIdentifier(window)])
        let controller = try #require(window.rootViewController)
        #expect(type(of: controller) == UIViewController.self)
        #expect(!controller.isViewLoaded, "the view loads in the first frame, not before")
        #expect(application.applicationState == .inactive)

        harness.endRunLoopTurn()
        #expect(controller.isViewLoaded)
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == window.bounds)
        #expect(delegate.events == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        #expect(application.applicationState == .active)

        let frame = try #require(window.lastCommittedFrame)
        #expect(frame.width == 780 && frame.height == 1688)
        #expect(frame.pixel(at: CGPoint(x: 300, y: 400)) == green)
        #expect(frame.pixel(at: CGPoint(x: 50, y: 40)) == blue, "the storyboard's StripeView subview")
        #expect(frame.pixel(at: CGPoint(x: 250, y: 40)) == green, "the hidden subview is not drawn")
        let stripe = try #require(controller.view.viewWithTag(7) as? StripeView)
        #expect(stripe.layoutCount == 1)
    }

    @Test(arguments: ["CodePath", "EmptyStoryboardName", nil] as [String?])
    func codePathShowsTheDelegatesWindow(bundle: String?) throws {
        let harness = PipelineHarness(bundle: bundle)
        try harness.pipeline.launch()
        #expect(harness.pipeline.interface == .code)
        let window = try #require(harness.delegate.window)
        #expect(window.isKeyWindow && !window.isHidden)
        let controller = try #require(window.rootViewController as? RedViewController)
        #expect(controller.calls.isEmpty)

        harness.endRunLoopTurn()
        #expect(controller.calls == ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
        #expect(window.subviews.first === controller.view)
        let frame = try #require(window.lastCommittedFrame)
        #expect(frame.pixel(at: CGPoint(x: 195, y: 422)) == red)
        #expect(frame.count(of: red) == frame.width * frame.height)
        #expect(harness.delegate.events == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
    }

    @Test func phasesAreRecordedInOrderWithMainStoryboardOnlyOnTheStoryboardPath() throws {
        for (bundle, interface) in [("Storyboard", AppInterface.storyboard), ("CodePath", .code)] {
            let harness = PipelineHarness(bundle: bundle)
            try harness.pipeline.launch()
            harness.endRunLoopTurn()
            let trace = try harness.trace()
            var expected = PhaseName.uikit
            if interface == .code { expected.removeAll { $0 == .mainStoryboard } }
            #expect(trace.phases.map(\.phase) == expected)
            #expect(trace.app.interface == interface)
            #expect(trace.app.name == bundle)
            #expect(trace.app.infoPlistPath == Fixtures.bundle(bundle).appending(path: "Info.plist").path)
            #expect(trace.totals.timeToFirstFrameNs != nil)
            #expect(trace.totals.timeToActiveNs != nil)
        }
        let bare = PipelineHarness(bundle: nil)
        try bare.pipeline.launch()
        bare.endRunLoopTurn()
        #expect(try bare.trace().app.infoPlistPath == nil)
    }

    @Test func backgroundForegroundAndTerminateFollowTheSeedsOrder() throws {
        let harness = PipelineHarness(bundle: "CodePath")
        let pipeline = harness.pipeline
        try pipeline.launch()
        pipeline.enterBackground()  // during the launch: done once active
        harness.endRunLoopTurn()
        #expect(harness.application.applicationState == .background)

        pipeline.enterForeground()
        #expect(harness.application.applicationState == .inactive)
        let window = try #require(harness.delegate.window)
        let framesBefore = window.committedFrameCount
        harness.endRunLoopTurn()
        #expect(window.committedFrameCount == framesBefore + 1, "a frame is committed on the way back")
        #expect(harness.application.applicationState == .active)

        pipeline.terminate()
        #expect(
            harness.delegate.events == [
                "willFinishLaunching", "didFinishLaunching", "didBecomeActive",
                "willResignActive", "didEnterBackground",
                "willEnterForeground", "didBecomeActive",
                "willResignActive", "didEnterBackground", "willTerminate",
            ])
        let marks = try harness.trace().marks.map(\.name)
        #expect(marks.contains(ResumeMarks.willEnterForeground))
        #expect(marks.contains(ResumeMarks.frameCommitted))
        #expect(marks.contains(ResumeMarks.active))
    }

    @Test func terminatingFromTheBackgroundCallsOnlyWillTerminate() throws {
        let harness = PipelineHarness(bundle: "CodePath")
        try harness.pipeline.launch()
        harness.endRunLoopTurn()
        harness.pipeline.enterBackground()
        harness.delegate.events.removeAll()
        harness.pipeline.terminate()
        #expect(harness.delegate.events == ["willTerminate"])
    }

    @Test func launchOptionsCarryTheLaunchURLIntoBothCallbacks() throws {
        let harness = PipelineHarness(bundle: nil, environment: ["LAUNCHKIT_LAUNCH_URL": "sample://item/42"])
        try harness.pipeline.launch()
        #expect(harness.delegate.launchURLs == [URL(string: "sample://item/42"), URL(string: "sample://item/42")])

        let plain = PipelineHarness(bundle: nil)
        try plain.pipeline.launch()
        #expect(plain.delegate.launchURLs == [nil, nil])
    }

    @Test func principalClassByNameOrTypeBecomesTheSharedApplication() throws {
        let harness = PipelineHarness(bundle: nil, principal: .named(NSStringFromClass(CustomApplication.self)))
        try harness.pipeline.launch()
        #expect(UIApplication.shared is CustomApplication)
        #expect(UIApplication.shared.delegate === harness.delegate)

        let typed = PipelineHarness(
            bundle: nil, principal: .type(CustomApplication.self),
            delegate: .named(NSStringFromClass(RecordingDelegate.self)))
        try typed.pipeline.launch()
        #expect(UIApplication.shared === typed.application)
    }

    @Test(arguments: [
        (
            LaunchPipeline.ClassReference.named("LaunchKitTests.NoSuchDelegate"), "LaunchKitTests.NoSuchDelegate",
            LaunchKitError.Code.unknownClass
        ),
        (.named("LaunchKitTests.NotADelegate"), "LaunchKitTests.NotADelegate", .wrongKindOfClass),
        (.named("UIView"), "UIView", .wrongKindOfClass),
    ])
    func aDelegateClassThatCannotBeCreatedIsAnErrorNamingIt(
        reference: LaunchPipeline.ClassReference, name: String, kind: LaunchKitError.Code
    ) {
        let harness = PipelineHarness(bundle: nil, delegate: reference)
        let error = #expect(throws: LaunchKitError.self) { try harness.pipeline.launch() }
        #expect(error?.code == kind)
        #expect(error?.context.jsonPath == "delegateClassName")
        #expect(error?.message.contains("\"\(name)\"") == true)
    }

    @Test func anUnknownPrincipalClassIsAnErrorNamingIt() {
        let harness = PipelineHarness(bundle: nil, principal: .named("LaunchKitTests.NoSuchApplication"))
        let error = #expect(throws: LaunchKitError.self) { try harness.pipeline.launch() }
        #expect(error?.context.jsonPath == "principalClassName")
        #expect(error?.message.contains("LaunchKitTests.NoSuchApplication") == true)
    }

    @Test(arguments: [
        ("MalformedPlist", "Info.plist", nil as String?, LaunchKitError.Code.malformedInfoPlist),
        ("WrongTypePlist", "Info.plist", "UIMainStoryboardFile", .invalidValue),
        // A binary plist whose root is a set: PropertyListSerialization crashed on it (FuzzInfoPlist).
        ("SetPlist", "Info.plist", nil, .malformedInfoPlist),
        // A binary plist whose root dictionary holds itself: PropertyListDecoder never returned.
        ("CyclePlist", "Info.plist", nil, .malformedInfoPlist),
        // An XML plist with bytes that are not UTF-8 inside <integer>: PropertyListDecoder trapped.
        ("InvalidUTF8Plist", "Info.plist", nil, .malformedInfoPlist),
        ("DirectoryPlist", "Info.plist", nil, .unreadableFile),
        ("MissingStoryboard", "Nowhere.storyboard", "UIMainStoryboardFile", .missingStoryboard),
        ("BadJSONStoryboard", "Main.storyboard", nil, .malformedStoryboard),
        ("UnknownClassStoryboard", "Main.storyboard", "$.initialViewController.class", .unknownClass),
        ("WrongKindStoryboard", "Main.storyboard", "$.initialViewController.class", .wrongKindOfClass),
        ("WrongTypeStoryboard", "Main.storyboard", "$.initialViewController.view.subviews[1].isHidden", .invalidValue),
    ])
    func aBadBundleIsAnErrorNamingTheFileAndKey(bundle: String, file: String, key: String?, kind: LaunchKitError.Code)
        throws
    {
        let harness = PipelineHarness(bundle: bundle)
        let error = try #require(throws: LaunchKitError.self) { try harness.pipeline.launch() }
        #expect(error.code == kind)
        #expect(error.context.jsonPath == key)
        let path = Fixtures.bundle(bundle).appending(path: file).path
        #expect(error.context.file == path)
        #expect(error.message.contains(path), "\(error.message)")
        if let key { #expect(error.message.contains(key), "\(error.message)") }
        #expect(error.message.hasSuffix("."))
    }

    @Test func aMissingInfoPlistInLaunchKitBundleIsAnError() {
        let harness = PipelineHarness(bundle: "DoesNotExist")
        let error = #expect(throws: LaunchKitError.self) { try harness.pipeline.launch() }
        #expect(error?.context.jsonPath == "LAUNCHKIT_BUNDLE")
        #expect(error?.message.contains("DoesNotExist/Info.plist") == true)
    }

    @Test func makeKeyAndVisibleSchedulesOneCommitPerTurn() throws {
        let harness = PipelineHarness(bundle: nil, delegate: nil)
        try harness.pipeline.launch()
        harness.endRunLoopTurn()
        let window = UIWindow()
        window.rootViewController = RedViewController()
        window.makeKeyAndVisible()
        window.makeKeyAndVisible()
        window.backgroundColor = .blue
        #expect(harness.application.frameScheduler.isPending)
        harness.endRunLoopTurn()
        #expect(window.committedFrameCount == 1)
        #expect(!harness.application.frameScheduler.isPending)

        window.rootViewController?.view.backgroundColor = .green
        #expect(harness.application.frameScheduler.isPending, "a change in a shown window asks for a frame")
        harness.endRunLoopTurn()
        #expect(window.committedFrameCount == 2)
        #expect(window.lastCommittedFrame?.pixel(at: CGPoint(x: 5, y: 5)) == Framebuffer.Pixel(.green))
    }

    @Test func windowsAreOrderedByLevelAndTheKeyWindowIsUnique() throws {
        let harness = PipelineHarness(bundle: nil, delegate: nil)
        try harness.pipeline.launch()
        let alert = UIWindow()
        alert.windowLevel = .alert
        let status = UIWindow()
        status.windowLevel = .statusBar
        let main = UIWindow()
        alert.makeKeyAndVisible()
        status.isHidden = false
        main.makeKeyAndVisible()
        #expect(harness.application.windows.map(\.windowLevel) == [.normal, .statusBar, .alert])
        #expect(main.isKeyWindow && !alert.isKeyWindow && !status.isKeyWindow)
        #expect(harness.application.keyWindow === main)
        #expect(
            UIWindow.Level.normal.rawValue == 0 && UIWindow.Level.statusBar.rawValue == 1000
                && UIWindow.Level.alert.rawValue == 2000)
        status.isHidden = true
        #expect(harness.application.windows.count == 2)
    }
}
