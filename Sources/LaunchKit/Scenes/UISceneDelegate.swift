/// A scene's delegate: the scene's life cycle, as UIKit calls it. In a scene-based app
/// these take the place of the app delegate's foreground and background callbacks.
///
/// - connect: `scene(_:willConnectTo:options:)` → `sceneWillEnterForeground` → (first frame) →
///   `sceneDidBecomeActive`
/// - to the background: `sceneWillResignActive` → `sceneDidEnterBackground`
/// - back: `sceneWillEnterForeground` → (frame) → `sceneDidBecomeActive`
/// - quit: (from the foreground: `sceneWillResignActive` → `sceneDidEnterBackground` →)
///   `sceneDidDisconnect`, then the app delegate's `applicationWillTerminate`
///
/// Every member has a default. LaunchKit creates the delegate from its class, so the class
/// must be a ``UIResponder`` subclass.
@MainActor
public protocol UISceneDelegate: AnyObject {
    /// The scene is connecting: make its window here (a storyboard's window is already made).
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene was disconnected (the app ends).
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene became active (after its first frame, or after returning to the foreground).
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to come to the foreground (at launch, and from the background).
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene is now in the background.
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    /// Does nothing.
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}
