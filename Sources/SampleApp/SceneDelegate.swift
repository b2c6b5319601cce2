import LaunchKit
import LaunchProbe

/// SampleApp's scene delegate, as a UIKit app's: loads the catalog for the first screen in
/// `scene(_:willConnectTo:options:)` (the span `catalog.load`, deliberately on the main thread),
/// and makes the window there when the scene's configuration has no storyboard. A launch for a
/// reason (`launchprof run --launch-reason`) is marked in the trace: `openURL:<url>` for a URL
/// in the connection options, `continueActivity:<type>` for a user activity, `openNotification`
/// for a notification opened.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        for context in connectionOptions.urlContexts { LaunchProbe.shared.mark("openURL:\(context.url)") }
        for activity in connectionOptions.userActivities {
            LaunchProbe.shared.mark("continueActivity:\(activity.activityType)")
        }
        if connectionOptions.notificationResponse != nil { LaunchProbe.shared.mark("openNotification") }
        CatalogStore.shared.loadAtLaunch()
        if window == nil {
            let window = UIWindow(windowScene: windowScene)
            window.backgroundColor = .white
            window.rootViewController = CatalogViewController()
            window.makeKeyAndVisible()
            self.window = window
        }
    }
}
