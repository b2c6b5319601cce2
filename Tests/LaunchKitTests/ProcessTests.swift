import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

/// The built apps run as real processes: FixtureApp's life cycle driven by signals,
/// SeedApp (seed 002's code) and SampleApp on both interface paths.
@Suite(.timeLimit(.minutes(2)))
struct ProcessTests {
    private func temporaryTracePath() -> String {
        FileManager.default.temporaryDirectory.appending(path: "launchkit-\(UUID().uuidString).trace.json").path
    }

    @Test func lifecycleCallbacksFollowTheSeedsOrderUnderSignals() throws {
        let app = try AppProcess(BuiltProducts.executable("FixtureApp"), environment: ["FIXTURE_BEHAVIOR": "lifecycle"])
        try app.waitForLine("applicationDidBecomeActive")
        app.send(SIGUSR1)
        try app.waitForLine("applicationDidEnterBackground")
        app.send(SIGUSR2)
        try app.waitForLine("applicationDidBecomeActive", count: 2)
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(result.status == 0 && !result.terminatedBySignal)
        #expect(
            app.outputLines == [
                "applicationWillFinishLaunching",
                "applicationDidFinishLaunching",
                "applicationDidBecomeActive",
                "applicationWillResignActive",
                "applicationDidEnterBackground",
                "applicationWillEnterForeground",
                "applicationDidBecomeActive",
                "applicationWillResignActive",
                "applicationDidEnterBackground",
                "applicationWillTerminate",
            ])
    }

    @Test func terminatingWritesATraceEndingTerminated() throws {
        let tracePath = temporaryTracePath()
        let app = try AppProcess(
            BuiltProducts.executable("FixtureApp"),
            environment: [
                "FIXTURE_BEHAVIOR": "lifecycle", "LAUNCHPROF_TRACE": tracePath,
                "LAUNCHKIT_LAUNCH_URL": "fixture://open/7",
            ]
        )
        try app.waitForLine("applicationDidBecomeActive")
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(result.status == 0)
        #expect(app.outputLines.contains("launchURL fixture://open/7"))
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.ending.reason == .terminated)
        #expect(trace.app.interface == .code)
    }

    @Test(arguments: [
        ("badDelegate", "FixtureApp.NoSuchDelegate"),
        ("wrongKindDelegate", "FixtureApp.NotADelegate"),
    ])
    func aBadDelegateClassExitsNonZeroNamingIt(behavior: String, className: String) throws {
        let result = try AppProcess.run(
            BuiltProducts.executable("FixtureApp"), environment: ["FIXTURE_BEHAVIOR": behavior])
        #expect(result.status == 1 && !result.terminatedBySignal)
        #expect(result.standardError.contains("\"\(className)\""), "\(result.standardError)")
        #expect(result.standardError.contains("delegate class"))
    }

    @Test func aBadInfoPlistExitsWithStatusOneNamingTheFileAndKey() throws {
        let bundle = Fixtures.bundle("WrongTypePlist")
        let result = try AppProcess.run(
            BuiltProducts.executable("FixtureApp"), environment: ["LAUNCHKIT_BUNDLE": bundle.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains(bundle.appending(path: "Info.plist").path))
        #expect(result.standardError.contains("UIMainStoryboardFile"))
    }

    @Test func aBadSceneManifestExitsWithStatusOneNamingTheFileKeyPathAndValue() throws {
        let bundle = Fixtures.bundle("SceneUnknownDelegate")
        let result = try AppProcess.run(
            BuiltProducts.executable("SampleApp"), environment: ["LAUNCHKIT_BUNDLE": bundle.path])
        #expect(result.status == 1 && !result.terminatedBySignal)
        let line = result.standardError
        #expect(
            line.hasPrefix("LaunchKit: fatal error: The Info.plist at \(bundle.appending(path: "Info.plist").path)"))
        #expect(
            line.contains(
                "UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication[0].UISceneDelegateClassName = \"LaunchKitTests.NoSuchSceneDelegate\""
            ), "\(line)")
        #expect(line.contains("expected a UIResponder subclass that adopts UISceneDelegate"))
    }

    @Test func fixtureAppTakesTheStoryboardFromLaunchKitBundle() throws {
        let tracePath = temporaryTracePath()
        let result = try AppProcess.run(
            BuiltProducts.executable("FixtureApp"),
            environment: [
                "LAUNCHKIT_BUNDLE": Fixtures.bundle("FixtureStoryboard").path,
                "LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "active",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.app.interface == .storyboard)
        #expect(trace.record(of: .mainStoryboard) != nil)
    }

    @Test func seedAppExitsAfterItsFirstFrame() throws {
        let result = try AppProcess.run(
            BuiltProducts.executable("SeedApp"), environment: ["LAUNCHPROF_EXIT_AFTER": "firstFrame"])
        #expect(result.status == 0 && !result.terminatedBySignal, "\(result.standardError)")
    }

    @Test func seedAppWritesACodePathTrace() throws {
        let tracePath = temporaryTracePath()
        let result = try AppProcess.run(
            BuiltProducts.executable("SeedApp"),
            environment: ["LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "active"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.app.interface == .code)
        #expect(trace.app.infoPlistPath == nil)
        #expect(trace.ending.reason == .exitAfterActive)
        #expect(trace.phases.map(\.phase) == PhaseName.uikit.filter { $0 != .mainStoryboard })
    }

    @Test(
        arguments: [
            (.storyboard, nil, PhaseName.uikitScene), (.code, "CodePath", PhaseName.uikitScene),
            (.storyboard, "AppDelegatePath", PhaseName.uikit),
        ] as [(AppInterface, String?, [PhaseName])])
    func sampleAppLaunchesOnBothPaths(interface: AppInterface, subdirectory: String?, phases: [PhaseName]) throws {
        let tracePath = temporaryTracePath()
        var environment = ["LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "active"]
        if let subdirectory {
            environment["LAUNCHKIT_BUNDLE"] = BuiltProducts.sampleAppBundle.appending(path: subdirectory).path
        }
        let result = try AppProcess.run(BuiltProducts.executable("SampleApp"), environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.app.interface == interface)
        #expect(trace.app.name == "SampleApp")
        #expect(trace.phases.map(\.phase) == phases)
        let spans = Set(trace.spans.map(\.name))
        for name in ["config.load", "license.verify", "remoteConfig.fetch", "thumbnails.warm", "catalog.load"] {
            #expect(spans.contains(name), "span \(name)")
        }
        #expect(trace.totals.timeToFirstFrameNs != nil && trace.totals.timeToActiveNs != nil)
    }

    @Test func sampleAppReportsFullyDrawn() throws {
        let tracePath = temporaryTracePath()
        let result = try AppProcess.run(
            BuiltProducts.executable("SampleApp"),
            environment: ["LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "fullyDrawn"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        let fullyDrawn = try #require(trace.totals.timeToFullDisplayNs)
        #expect(fullyDrawn >= (trace.totals.timeToFirstFrameNs ?? .max))
    }
}
