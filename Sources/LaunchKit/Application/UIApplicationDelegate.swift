/// The app's delegate: receives the launch and life-cycle callbacks, in the seeds' order.
///
/// - launch: `willFinishLaunching` → `didFinishLaunching` → (first frame) → `applicationDidBecomeActive`
/// - to the background: `applicationWillResignActive` → `applicationDidEnterBackground`
/// - back: `applicationWillEnterForeground` → (frame) → `applicationDidBecomeActive`
/// - quit: (from the foreground: `applicationWillResignActive` → `applicationDidEnterBackground` →)
///   `applicationWillTerminate`
///
/// In a scene-based app (an Info.plist with `UIApplicationSceneManifest`), the scene's
/// ``UISceneDelegate`` hears of the foreground and background instead; the app delegate gets
/// `willFinishLaunching`, `didFinishLaunching`, `application(_:configurationForConnecting:options:)`
/// and `applicationWillTerminate`.
///
/// Every member has a default, so a delegate implements only what it needs. `UIApplicationMain`
/// creates the delegate by name, so its class must be a ``UIResponder`` subclass.
///
/// ```swift
/// class AppDelegate: UIResponder, UIApplicationDelegate {
///     var window: UIWindow?
///     func application(_ application: UIApplication,
///                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///         window = UIWindow()
///         window!.rootViewController = ViewController()
///         window!.makeKeyAndVisible()
///         return true
///     }
/// }
/// ```
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app's main window. With a storyboard, LaunchKit creates it and assigns it here
    /// before `didFinishLaunching`; in the code path the delegate creates it.
    var window: UIWindow? { get set }

    /// Launching has started; the storyboard (if any) is not loaded yet. The return value is
    /// ignored, as UIKit ignores it for a normal launch.
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// Launching is almost done: the last chance to set up before the first frame. The
    /// return value is ignored.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// A scene-based app's scene is connecting: returns its configuration (delegate class,
    /// storyboard). Called after `didFinishLaunching`, only when the Info.plist has a
    /// `UIApplicationSceneManifest`.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    /// The app became active (after the first frame, or after returning to the foreground).
    func applicationDidBecomeActive(_ application: UIApplication)

    /// The app is about to stop being active.
    func applicationWillResignActive(_ application: UIApplication)

    /// The app is now in the background.
    func applicationDidEnterBackground(_ application: UIApplication)

    /// The app is about to return to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication)

    /// The app is about to end.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// No window unless the delegate declares a stored `window` property; setting it does nothing.
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    /// Does nothing and returns `true`.
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    /// Does nothing and returns `true`.
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    /// The Info.plist's first scene configuration for the session's role (an empty one if it has none).
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }

    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}

    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}
}
