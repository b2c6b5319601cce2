import LaunchProbe
import LaunchTrace

/// The steps of `UIApplicationMain` (docs/architecture.md section 1) and the app's life cycle after
/// launch, with the probe calls at every phase boundary.
///
/// `UIApplicationMain` runs it on the main queue; tests run it step by step with a manual
/// frame scheduler and their own probe, without entering the run loop.
@MainActor
final class LaunchPipeline {
    /// A class to create, by name (resolved at run time) or by type.
    enum ClassReference {
        /// A class name as `NSStringFromClass` returns it.
        case named(String)
        /// A class.
        case type(AnyClass)
    }

    /// Where the pipeline is.
    enum Stage: Equatable {
        case notLaunched
        case awaitingFirstFrame
        case running
        case awaitingResumeFrame
        case terminated
    }

    /// The pipeline `UIApplicationMain` is running, kept alive for the life of the process.
    static var running: LaunchPipeline?

    let principal: ClassReference?
    let delegateReference: ClassReference?
    let environment: [String: String]
    let locator: AppBundleLocator
    let probe: LaunchProbe
    let schedulerMode: FrameScheduler.Mode

    private(set) var stage = Stage.notLaunched
    private(set) var application: UIApplication?
    private(set) var delegate: (any UIApplicationDelegate)?
    private(set) var infoPlist: InfoPlist?
    private(set) var storyboard: Storyboard?
    /// `storyboard` or `code`.
    var interface = AppInterface.code
    /// The signal sources moving the app between states, when installed.
    var signals: LifecycleSignals?
    /// A move to the background asked for before the launch finished; done once active.
    private var pendingBackground = false
    /// The app's name in the trace and on the display.
    private(set) var appName: String?
    /// Who hears of the life cycle: the app delegate, or the scene's delegate once connected.
    var callbacks: (any LifeCycleCallbacks)?
    /// A scene-based app's connected scene.
    var sceneConnection: SceneConnection?
    /// The launch screen, from its showing to the app's first frame.
    var launchScreen: LaunchScreen?
    /// Whether the app is launched in the background (``LaunchOptions/isBackgroundLaunch(_:)``):
    /// no launch screen, no scene, no window; the launch ends when `didFinishLaunching` returns.
    var launchedInBackground: Bool { LaunchOptions.isBackgroundLaunch(environment) }
    /// Whether the app was launched in the background and has not been in the foreground yet.
    var awaitsFirstForeground = false
    /// The Info.plist as read in `applicationObject`, before the delegate exists (for the
    /// launch screen), for the `infoPlist` phase to apply; `nil` for none (the code path).
    var earlyInfoPlist: InfoPlist?

    init(
        principal: ClassReference?, delegate: ClassReference?, environment: [String: String],
        locator: AppBundleLocator, probe: LaunchProbe, schedulerMode: FrameScheduler.Mode
    ) {
        self.principal = principal
        self.delegateReference = delegate
        self.environment = environment
        self.locator = locator
        self.probe = probe
        self.schedulerMode = schedulerMode
    }

    // MARK: Launch

    /// Runs the launch up to the first frame, which is then scheduled: creates the
    /// application and its delegate, reads the Info.plist, calls `willFinishLaunching`,
    /// loads the storyboard (if any), calls `didFinishLaunching`, and shows the storyboard's
    /// window. A scene-based app (`UIApplicationSceneManifest`) connects its scene after
    /// `didFinishLaunching` instead, and has no main storyboard. A launch in the background
    /// ends when `didFinishLaunching` returns: no scene, no window, no frame.
    func launch() throws(LaunchKitError) {
        precondition(stage == .notLaunched, "A launch pipeline launches once.")
        let application = try makeApplication()
        let infoPlist = readInfoPlist(for: application)
        let options = LaunchOptions.make(from: environment)

        probe.begin(.willFinishLaunching)
        _ = delegate?.application(application, willFinishLaunchingWithOptions: options)

        var storyboardWindow: UIWindow?
        if let infoPlist, infoPlist.sceneManifest == nil, let storyboardURL = infoPlist.mainStoryboardURL {
            probe.begin(.mainStoryboard)
            storyboardWindow = try loadMainStoryboard(at: storyboardURL, infoPlist: infoPlist)
        }

        probe.begin(.didFinishLaunching)
        _ = delegate?.application(application, didFinishLaunchingWithOptions: options)
        if launchedInBackground {
            stage = .running
            awaitsFirstForeground = true
            probe.finishedLaunchingInBackground()
            return
        }

        if let infoPlist, let manifest = infoPlist.sceneManifest {
            let connection = try connectScene(manifest, infoPlist: infoPlist, application: application)
            probe.begin(.firstVisibleWindow)
            stage = .awaitingFirstFrame
            connection.willEnterForeground()
            connection.showStoryboardWindow()
        } else {
            probe.begin(.firstVisibleWindow)
            stage = .awaitingFirstFrame
            if let window = delegate?.window ?? storyboardWindow, storyboardWindow != nil {
                window.makeKeyAndVisible()
            }
        }
        // The first frame is committed at the end of this turn even with no window shown.
        application.frameScheduler.schedule()
    }

    /// The `applicationObject` and `delegateObject` phases: creates the application and its delegate.
    private func makeApplication() throws(LaunchKitError) -> UIApplication {
        probe.begin(.applicationObject)
        let applicationClass = try resolvePrincipal()
        let application = applicationClass.init()
        application.probe = probe
        application.frameScheduler = FrameScheduler(mode: schedulerMode)
        application.frameScheduler.commit = { [weak application] in application?.commitFrame() }
        application.lifecycle = self
        application.displayEnvironment = environment
        application.applicationState = launchedInBackground ? .background : .inactive
        self.application = application
        try showLaunchScreen(for: application)

        probe.begin(.delegateObject)
        let delegate = try makeDelegate()
        application.delegate = delegate
        self.delegate = delegate
        callbacks = AppDelegateCallbacks(application: application, delegate: delegate)
        return application
    }

    /// The `infoPlist` phase: applies the Info.plist read before the delegate was created
    /// (``showLaunchScreen(for:)``), and names the app to the probe.
    private func readInfoPlist(for application: UIApplication) -> InfoPlist? {
        probe.begin(.infoPlist)
        let infoPlist = earlyInfoPlist
        self.infoPlist = infoPlist
        interface = infoPlist?.mainStoryboardName == nil || infoPlist?.sceneManifest != nil ? .code : .storyboard
        appName = infoPlist?.bundleName ?? locator.executableURL?.lastPathComponent
        application.displayTitle = appName ?? application.displayTitle
        probe.describeApp(name: appName, interface: interface, infoPlistPath: infoPlist?.url.path)
        return infoPlist
    }

    private func resolvePrincipal() throws(LaunchKitError) -> UIApplication.Type {
        switch principal {
        case nil:
            return UIApplication.self
        case .type(let type):
            guard let applicationClass = type as? UIApplication.Type else {
                throw Self.wrongKind(
                    String(reflecting: type), role: "principal class", key: "principalClassName",
                    expected: "UIApplication or a subclass of it")
            }
            return applicationClass
        case .named(let name):
            guard let type = ClassResolver.resolve(name) else {
                throw Self.unknown(name, role: "principal class", key: "principalClassName")
            }
            guard let applicationClass = type as? UIApplication.Type else {
                throw Self.wrongKind(
                    name, role: "principal class", key: "principalClassName",
                    expected: "UIApplication or a subclass of it")
            }
            return applicationClass
        }
    }

    private func makeDelegate() throws(LaunchKitError) -> (any UIApplicationDelegate)? {
        let name: String
        let type: AnyClass
        switch delegateReference {
        case nil:
            return nil
        case .type(let given):
            name = String(reflecting: given)
            type = given
        case .named(let given):
            guard let found = ClassResolver.resolve(given) else {
                throw Self.unknown(given, role: "delegate class", key: "delegateClassName")
            }
            name = given
            type = found
        }
        let expected = "a UIResponder subclass that adopts UIApplicationDelegate"
        guard type is any UIApplicationDelegate.Type, let responderClass = type as? UIResponder.Type else {
            throw Self.wrongKind(name, role: "delegate class", key: "delegateClassName", expected: expected)
        }
        guard let delegate = responderClass.init() as? any UIApplicationDelegate else {
            throw Self.wrongKind(name, role: "delegate class", key: "delegateClassName", expected: expected)
        }
        return delegate
    }

    private func loadMainStoryboard(at url: URL, infoPlist: InfoPlist) throws(LaunchKitError) -> UIWindow {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LaunchKitError(
                kind: .missingStoryboard, file: url.path, key: "UIMainStoryboardFile",
                message:
                    "The Info.plist at \(infoPlist.url.path) sets UIMainStoryboardFile to \"\(infoPlist.mainStoryboardName ?? "")\", but the storyboard \(url.path) does not exist; expected that file, or no UIMainStoryboardFile for the code path."
            )
        }
        let storyboard = try Storyboard.load(from: url)
        self.storyboard = storyboard
        let controller = storyboard.instantiateInitialViewController()
        let window = UIWindow()
        window.rootViewController = controller
        delegate?.window = window
        return window
    }

    // MARK: Life cycle

    /// Called after every frame commit: finishes the launch (or a resume) at its first frame.
    func frameDidCommit() {
        guard let application else { return }
        switch stage {
        case .awaitingFirstFrame:
            stage = .running
            launchScreen?.dismiss()
            launchScreen = nil
            probe.firstFrameCommitted()
            application.applicationState = .active
            callbacks?.didBecomeActive()
            probe.becameActive()
            if pendingBackground {
                pendingBackground = false
                enterBackground()
            }
        case .awaitingResumeFrame:
            stage = .running
            probe.resumeFrameCommitted()
            application.applicationState = .active
            callbacks?.didBecomeActive()
            probe.resumeCompleted()
        case .notLaunched, .running, .terminated:
            break
        }
    }

    /// Moves an active app to the background: `applicationWillResignActive`, then
    /// `applicationDidEnterBackground`. Asked for during the launch, it happens once active.
    func enterBackground() {
        guard let application else { return }
        if stage == .awaitingFirstFrame {
            pendingBackground = true
            return
        }
        guard stage == .running, application.applicationState == .active else { return }
        callbacks?.willResignActive()
        application.applicationState = .inactive
        callbacks?.didEnterBackground()
        application.applicationState = .background
    }

    /// Brings a backgrounded app back: `applicationWillEnterForeground`, a frame, then
    /// `applicationDidBecomeActive`. The first time for an app launched in the background, a
    /// scene-based app's scene connects first and the window the launch did not show is shown.
    func enterForeground() {
        guard let application, stage == .running, application.applicationState == .background else { return }
        probe.willEnterForeground()
        let first = awaitsFirstForeground
        if first { connectAfterBackgroundLaunch(application) }
        callbacks?.willEnterForeground()
        if first { showWindowAfterBackgroundLaunch() }
        application.applicationState = .inactive
        stage = .awaitingResumeFrame
        for window in application.windows {
            application.showOnDisplay(window)
            window.setNeedsCommit()
        }
        application.frameScheduler.schedule()
    }

    /// Ends the app as the seeds describe a kill: from the foreground
    /// `applicationWillResignActive` and `applicationDidEnterBackground` first, then
    /// `applicationWillTerminate`; then writes the trace (reason `terminated`). The caller exits.
    func terminate() {
        guard let application, stage != .terminated else { return }
        if application.applicationState == .active {
            callbacks?.willResignActive()
            application.applicationState = .inactive
        }
        if application.applicationState == .inactive {
            callbacks?.didEnterBackground()
            application.applicationState = .background
        }
        callbacks?.willTerminate()
        stage = .terminated
        probe.finish(.terminated)
    }

    // MARK: Errors

    static func unknown(_ name: String, role: String, key: String) -> LaunchKitError {
        LaunchKitError(
            kind: .unknownClass, file: nil, key: key,
            message:
                "UIApplicationMain cannot create the \(role) \"\(name)\": no class has that name (on Linux it must be module-qualified, as NSStringFromClass returns it, e.g. \"MyApp.AppDelegate\")."
        )
    }

    static func wrongKind(_ name: String, role: String, key: String, expected: String) -> LaunchKitError {
        LaunchKitError(
            kind: .wrongKindOfClass, file: nil, key: key,
            message: "UIApplicationMain cannot use \"\(name)\" as the \(role): it is not \(expected)."
        )
    }
}
