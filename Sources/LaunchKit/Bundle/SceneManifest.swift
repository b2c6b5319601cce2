/// An Info.plist's `UIApplicationSceneManifest`: its presence makes the app scene-based, as
/// in UIKit; its `UISceneConfigurations` name each role's configurations.
///
/// ```xml
/// <key>UIApplicationSceneManifest</key>
/// <dict>
///     <key>UIApplicationSupportsMultipleScenes</key><false/>
///     <key>UISceneConfigurations</key>
///     <dict>
///         <key>UIWindowSceneSessionRoleApplication</key>
///         <array><dict>
///             <key>UISceneConfigurationName</key><string>Default Configuration</string>
///             <key>UISceneDelegateClassName</key><string>MyApp.SceneDelegate</string>
///             <key>UISceneStoryboardFile</key><string>Main</string>
///         </dict></array>
///     </dict>
/// </dict>
/// ```
struct SceneManifest: Sendable, Equatable {
    /// One configuration of `UISceneConfigurations`, as written (classes not yet resolved).
    struct Entry: Sendable, Equatable {
        /// The role it is listed under (`UIWindowSceneSessionRoleApplication`).
        var role: String
        /// `UISceneConfigurationName`.
        var name: String?
        /// `UISceneDelegateClassName`.
        var delegateClassName: String?
        /// `UISceneClassName`.
        var sceneClassName: String?
        /// `UISceneStoryboardFile` (empty: none).
        var storyboardName: String?
        /// Where it is in the Info.plist, for messages:
        /// `UIApplicationSceneManifest.UISceneConfigurations.UIWindowSceneSessionRoleApplication[0]`.
        var keyPath: String
    }

    /// The Info.plist key.
    static let key = "UIApplicationSceneManifest"

    /// `UIApplicationSupportsMultipleScenes` (LaunchKit connects one scene either way).
    var supportsMultipleScenes: Bool
    /// Every configuration, role by role in key order, in array order within a role.
    var entries: [Entry]

    /// The configurations listed for `role`, in order.
    func entries(for role: String) -> [Entry] {
        entries.filter { $0.role == role }
    }
}
