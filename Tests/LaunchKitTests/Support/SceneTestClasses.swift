@testable import LaunchKit

/// The callbacks of a scene-based test app, its app delegate's and its scene delegate's
/// together, in the order they ran.
@MainActor
enum SceneEvents {
    static var log: [String] = []
    /// What the scene delegate saw when the scene became active.
    static var activeState: (scene: UIScene.ActivationState, key: Bool, visible: Bool)?
}

/// A scene-based app's delegate written as for UIKit: it returns a configuration with
/// ``CodeSceneDelegate`` as the delegate class.
final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    var connectingOptions: UIScene.ConnectionOptions?

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        SceneEvents.log.append("willFinishLaunching")
        return true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        SceneEvents.log.append("didFinishLaunching")
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        SceneEvents.log.append("configurationForConnecting")
        connectingOptions = options
        let configuration = UISceneConfiguration(
            name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = CodeSceneDelegate.self
        return configuration
    }

    // A scene-based app's scene delegate hears of these instead: they must not be called.
    func applicationDidBecomeActive(_ application: UIApplication) { SceneEvents.log.append("app.didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { SceneEvents.log.append("app.willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) {
        SceneEvents.log.append("app.didEnterBackground")
    }
    func applicationWillEnterForeground(_ application: UIApplication) {
        SceneEvents.log.append("app.willEnterForeground")
    }
    func applicationWillTerminate(_ application: UIApplication) { SceneEvents.log.append("willTerminate") }
}

/// An app delegate whose configuration names a class that is not a scene delegate.
final class WrongSceneDelegateAppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = NotADelegate.self
        return configuration
    }
}

/// An app delegate that implements nothing: the Info.plist's configuration is used.
final class PlainSceneAppDelegate: UIResponder, UIApplicationDelegate {}

/// A scene delegate that records the scene's life cycle.
class RecordingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The window the delegate had when `scene(_:willConnectTo:options:)` began.
    var windowAtConnect: UIWindow?
    /// Whether that window was hidden then.
    var windowWasHiddenAtConnect: Bool?
    var connectionOptions: UIScene.ConnectionOptions?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        SceneEvents.log.append("willConnectTo")
        windowAtConnect = window
        windowWasHiddenAtConnect = window?.isHidden
        self.connectionOptions = connectionOptions
    }

    func sceneWillEnterForeground(_ scene: UIScene) { SceneEvents.log.append("sceneWillEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) {
        SceneEvents.log.append("sceneDidBecomeActive")
        SceneEvents.activeState = (
            scene.activationState, window?.isKeyWindow ?? false, window.map { !$0.isHidden } ?? false
        )
    }
    func sceneWillResignActive(_ scene: UIScene) { SceneEvents.log.append("sceneWillResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { SceneEvents.log.append("sceneDidEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { SceneEvents.log.append("sceneDidDisconnect") }
}

/// A scene delegate written as for UIKit: it makes its window in `scene(_:willConnectTo:options:)`.
final class CodeSceneDelegate: RecordingSceneDelegate {
    override func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        super.scene(scene, willConnectTo: session, options: connectionOptions)
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = RedViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// The scene delegate the `SceneStoryboard` fixture's Info.plist names: its window comes from the storyboard.
final class ManifestSceneDelegate: RecordingSceneDelegate {}
