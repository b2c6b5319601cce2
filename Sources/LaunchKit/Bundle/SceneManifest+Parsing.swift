extension SceneManifest {
    /// Reads and checks the `UIApplicationSceneManifest` value of the Info.plist at `path`:
    /// every value of the wrong type is an error naming the file, the key path, the value and
    /// what was expected. Keys LaunchKit does not use are allowed, as UIKit allows them.
    static func parse(_ value: PlistValue, path: String) throws(LaunchKitError) -> SceneManifest {
        guard case .dictionary(let manifest) = value else {
            throw mismatch(value, at: key, path: path, expected: "a dictionary with UISceneConfigurations")
        }
        var supportsMultiple = false
        if let flag = manifest["UIApplicationSupportsMultipleScenes"] {
            guard case .bool(let bool) = flag else {
                throw mismatch(
                    flag, at: "\(key).UIApplicationSupportsMultipleScenes", path: path, expected: "a boolean")
            }
            supportsMultiple = bool
        }
        var entries: [Entry] = []
        if let configurations = manifest["UISceneConfigurations"] {
            let keyPath = "\(key).UISceneConfigurations"
            guard case .dictionary(let roles) = configurations else {
                throw mismatch(
                    configurations, at: keyPath, path: path,
                    expected:
                        "a dictionary from session roles (UIWindowSceneSessionRoleApplication) to arrays of configurations"
                )
            }
            for role in roles.keys.sorted() {
                entries += try parseRole(role, roles[role]!, keyPath: "\(keyPath).\(role)", path: path)
            }
        }
        return SceneManifest(supportsMultipleScenes: supportsMultiple, entries: entries)
    }

    private static func parseRole(_ role: String, _ value: PlistValue, keyPath: String, path: String)
        throws(LaunchKitError) -> [Entry]
    {
        guard case .array(let items) = value else {
            throw mismatch(value, at: keyPath, path: path, expected: "an array of scene configuration dictionaries")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(keyPath)[\(index)]"
            guard case .dictionary(let fields) = item else {
                throw mismatch(
                    item, at: itemPath, path: path,
                    expected:
                        "a dictionary with UISceneConfigurationName, UISceneDelegateClassName and UISceneStoryboardFile"
                )
            }
            func string(_ name: String, _ expected: String) throws(LaunchKitError) -> String? {
                guard let field = fields[name] else { return nil }
                guard case .string(let text) = field else {
                    throw mismatch(field, at: "\(itemPath).\(name)", path: path, expected: expected)
                }
                return text
            }
            let className =
                "a string naming a class, module-qualified as NSStringFromClass returns it (MyApp.SceneDelegate)"
            entries.append(
                Entry(
                    role: role,
                    name: try string("UISceneConfigurationName", "a string"),
                    delegateClassName: try string("UISceneDelegateClassName", className),
                    sceneClassName: try string("UISceneClassName", className),
                    storyboardName: try string("UISceneStoryboardFile", "a string naming a storyboard file")
                        .flatMap { $0.isEmpty ? nil : $0 },
                    keyPath: itemPath))
        }
        return entries
    }

    /// A value of the wrong type at `keyPath`: names the file, the key path, the value and what was expected.
    static func mismatch(_ value: PlistValue, at keyPath: String, path: String, expected: String) -> LaunchKitError {
        LaunchKitError(
            kind: .invalidValue, file: path, key: keyPath,
            message:
                "The Info.plist at \(path) has \(keyPath) = \(value.shortDescription) (\(InfoPlist.plistTypeName(value))); expected \(expected)."
        )
    }
}
