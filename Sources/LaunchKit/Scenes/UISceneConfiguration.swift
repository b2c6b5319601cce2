/// What a scene is made of when it connects: its delegate class, its scene class and its
/// storyboard, as in UIKit.
///
/// Created with a name, it starts from the Info.plist's configuration of that name and role
/// (`UIApplicationSceneManifest` → `UISceneConfigurations`), as UIKit's does; the app may
/// then change it.
///
/// ```swift
/// func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
///                  options: UIScene.ConnectionOptions) -> UISceneConfiguration {
///     let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
///     configuration.delegateClass = SceneDelegate.self
///     return configuration
/// }
/// ```
@MainActor
open class UISceneConfiguration {
    /// The configuration's name (`UISceneConfigurationName`), if any.
    public let name: String?
    /// The role of the sessions it is for.
    public let role: UISceneSession.Role
    /// The scene delegate's class (`UISceneDelegateClassName`): a ``UIResponder`` subclass
    /// adopting ``UISceneDelegate``, created when the scene connects.
    public var delegateClass: AnyClass?
    /// The scene's class (`UISceneClassName`): ``UIWindowScene`` or a subclass; `nil` for ``UIWindowScene``.
    public var sceneClass: AnyClass?
    /// The storyboard whose initial view controller becomes the scene's window's root
    /// (`UISceneStoryboardFile`), if any.
    public var storyboard: UIStoryboard?

    /// The configuration for `sessionRole` named `name` in the Info.plist, or an empty one
    /// when the Info.plist has none of that name (`nil`: its first configuration for the role).
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        guard let entry = SceneConfigurationTable.current?.configuration(named: name, role: sessionRole) else { return }
        self.delegateClass = entry.delegateClass
        self.sceneClass = entry.sceneClass
        self.storyboard = entry.storyboardName.map { UIStoryboard(name: $0, bundle: nil) }
    }
}
