@testable import LaunchKit

/// An app delegate of a scene-based app that notes, when it is created, whether the launch
/// screen was drawn already, and the application's state in `didFinishLaunching`.
final class LaunchScreenWatchingDelegate: UIResponder, UIApplicationDelegate {
    /// Whether the launch screen had a frame when this delegate was created.
    let launchScreenDrawnAtInit: Bool
    /// The application's state in `application(_:didFinishLaunchingWithOptions:)`.
    var stateAtDidFinishLaunching: UIApplication.State?
    /// The launch options `didFinishLaunching` received.
    var notificationAtDidFinishLaunching: [AnyHashable: Any]?

    required init() {
        launchScreenDrawnAtInit = UIApplication.current?.lifecycle?.launchScreen?.window.lastCommittedFrame != nil
        super.init()
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        stateAtDidFinishLaunching = application.applicationState
        notificationAtDidFinishLaunching = launchOptions?[.remoteNotification] as? [AnyHashable: Any]
        return true
    }
}
