@testable import LaunchKit

/// Records the delegate callbacks of an in-process launch; in the code path it creates
/// the window the way seed 002's AppDelegate does.
final class RecordingDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var events: [String] = []
    var launchURLs: [URL?] = []
    var remoteNotifications: [[AnyHashable: Any]?] = []

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        events.append("willFinishLaunching")
        launchURLs.append(launchOptions?[.url] as? URL)
        remoteNotifications.append(launchOptions?[.remoteNotification] as? [AnyHashable: Any])
        return true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        events.append("didFinishLaunching")
        launchURLs.append(launchOptions?[.url] as? URL)
        remoteNotifications.append(launchOptions?[.remoteNotification] as? [AnyHashable: Any])
        if window == nil {
            let window = UIWindow()
            window.backgroundColor = .white
            window.rootViewController = RedViewController()
            window.makeKeyAndVisible()
            self.window = window
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { events.append("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { events.append("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { events.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { events.append("willEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { events.append("willTerminate") }
}

/// Seed 002's ViewController: a red view.
final class RedViewController: UIViewController {
    private(set) var calls: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("viewDidLoad")
        view.backgroundColor = .red
    }

    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }
}

/// A view subclass a storyboard fixture names (`LaunchKitTests.StripeView`).
final class StripeView: UIView {
    private(set) var layoutCount = 0

    override func layoutSubviews() {
        layoutCount += 1
    }
}

/// A class that exists but is not an application delegate.
final class NotADelegate: UIResponder {}

/// A UIApplication subclass used as the principal class.
final class CustomApplication: UIApplication {}
