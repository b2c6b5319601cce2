/// The app's connected window scene and its life cycle: the scene delegate's
/// `sceneWillEnterForeground`, `sceneDidBecomeActive`, `sceneWillResignActive`,
/// `sceneDidEnterBackground` and `sceneDidDisconnect` (then the app delegate's
/// `applicationWillTerminate`), as UIKit calls them for a scene-based app, with the scene's
/// ``UIScene/activationState`` kept in step.
@MainActor
final class SceneConnection: LifeCycleCallbacks {
    /// The connected scene.
    let scene: UIWindowScene
    /// The window made from the configuration's storyboard, if any.
    let storyboardWindow: UIWindow?
    private let application: UIApplication
    private let appDelegate: (any UIApplicationDelegate)?

    init(
        scene: UIWindowScene, storyboardWindow: UIWindow?, application: UIApplication,
        appDelegate: (any UIApplicationDelegate)?
    ) {
        self.scene = scene
        self.storyboardWindow = storyboardWindow
        self.application = application
        self.appDelegate = appDelegate
    }

    private var delegate: (any UISceneDelegate)? { scene.delegate }

    /// Shows the storyboard's window (the scene delegate's `window`, if it replaced it), as
    /// UIKit does after `scene(_:willConnectTo:options:)`.
    func showStoryboardWindow() {
        guard let storyboardWindow else { return }
        let window = (delegate as? any UIWindowSceneDelegate)?.window ?? storyboardWindow
        window.makeKeyAndVisible()
    }

    func didBecomeActive() {
        scene.activationState = .foregroundActive
        delegate?.sceneDidBecomeActive(scene)
    }

    func willResignActive() {
        delegate?.sceneWillResignActive(scene)
        scene.activationState = .foregroundInactive
    }

    func didEnterBackground() {
        scene.activationState = .background
        delegate?.sceneDidEnterBackground(scene)
    }

    func willEnterForeground() {
        delegate?.sceneWillEnterForeground(scene)
        scene.activationState = .foregroundInactive
    }

    func willTerminate() {
        scene.activationState = .unattached
        delegate?.sceneDidDisconnect(scene)
        scene.session.scene = nil
        appDelegate?.applicationWillTerminate(application)
    }
}
