/// A window scene's delegate: a ``UISceneDelegate`` that keeps the scene's main window.
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///     var window: UIWindow?
///     func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
///                options connectionOptions: UIScene.ConnectionOptions) {
///         guard let windowScene = scene as? UIWindowScene else { return }
///         let window = UIWindow(windowScene: windowScene)
///         window.rootViewController = ViewController()
///         window.makeKeyAndVisible()
///         self.window = window
///     }
/// }
/// ```
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window. With a storyboard, LaunchKit creates it and assigns it here
    /// before `scene(_:willConnectTo:options:)`.
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// No window unless the delegate declares a stored `window` property; setting it does nothing.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
