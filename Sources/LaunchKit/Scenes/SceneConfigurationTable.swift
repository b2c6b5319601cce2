/// The Info.plist's scene configurations with their classes resolved: what
/// ``UISceneConfiguration/init(name:sessionRole:)`` starts from. The launch pipeline builds it
/// when a scene-based app's scene is about to connect, so a class name that resolves to
/// nothing, or to a class of the wrong kind, is reported then, naming the file and the key path.
@MainActor
struct SceneConfigurationTable {
    /// One configuration.
    struct Entry {
        var role: UISceneSession.Role
        var name: String?
        var delegateClass: AnyClass?
        var sceneClass: AnyClass?
        var storyboardName: String?
    }

    /// The table of the app being launched; `nil` before a scene-based launch.
    static var current: SceneConfigurationTable?

    /// The configurations, in the manifest's order.
    let entries: [Entry]

    /// Resolves the classes of every configuration of `manifest`, read from the Info.plist at `path`.
    init(manifest: SceneManifest, path: String) throws(LaunchKitError) {
        var entries: [Entry] = []
        for entry in manifest.entries {
            let delegateClass: AnyClass? = try entry.delegateClassName.map { name throws(LaunchKitError) in
                try Self.resolve(
                    name, at: "\(entry.keyPath).UISceneDelegateClassName", path: path,
                    expected: "a UIResponder subclass that adopts UISceneDelegate"
                ) { $0 is any UISceneDelegate.Type && $0 is UIResponder.Type }
            }
            let sceneClass: AnyClass? = try entry.sceneClassName.map { name throws(LaunchKitError) in
                try Self.resolve(
                    name, at: "\(entry.keyPath).UISceneClassName", path: path,
                    expected: "UIWindowScene or a subclass of it"
                ) { $0 is UIWindowScene.Type }
            }
            entries.append(
                Entry(
                    role: UISceneSession.Role(rawValue: entry.role), name: entry.name, delegateClass: delegateClass,
                    sceneClass: sceneClass, storyboardName: entry.storyboardName))
        }
        self.entries = entries
    }

    /// The configuration of `role` called `name`, or the role's first when `name` is `nil`.
    func configuration(named name: String?, role: UISceneSession.Role) -> Entry? {
        entries.first { $0.role == role && (name == nil || $0.name == name) }
    }

    private static func resolve(
        _ name: String, at keyPath: String, path: String, expected: String, fits: (AnyClass) -> Bool
    ) throws(LaunchKitError) -> AnyClass {
        guard let type = ClassResolver.resolve(name) else {
            throw LaunchKitError(
                kind: .unknownClass, file: path, key: keyPath,
                message:
                    "The Info.plist at \(path) has \(keyPath) = \"\(name)\", but no class has that name; expected \(expected), module-qualified as NSStringFromClass returns it (e.g. \"MyApp.SceneDelegate\")."
            )
        }
        guard fits(type) else {
            throw LaunchKitError(
                kind: .wrongKindOfClass, file: path, key: keyPath,
                message:
                    "The Info.plist at \(path) has \(keyPath) = \"\(name)\", a class of the wrong kind; expected \(expected)."
            )
        }
        return type
    }
}
