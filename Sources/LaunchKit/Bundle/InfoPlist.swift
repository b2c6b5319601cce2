/// The parts of an app's Info.plist that LaunchKit reads.
///
/// | key | type | meaning |
/// |---|---|---|
/// | `UIMainStoryboardFile` | string | storyboard base name; absent or empty: the code path |
/// | `CFBundleName` | string | the app's name in the trace |
/// | `CFBundleExecutable` | string | the executable's name (the fallback name) |
/// | `UIApplicationSceneManifest` | dictionary | present: the scene life cycle (``SceneManifest``) |
/// | `UILaunchStoryboardName` | string | the launch screen's storyboard base name; absent or empty: none |
struct InfoPlist {
    /// The file that was read.
    let url: URL
    /// The main storyboard's base name, or `nil` for the code path.
    let mainStoryboardName: String?
    /// `CFBundleName`, or `CFBundleExecutable`, if present.
    let bundleName: String?
    /// The launch screen's storyboard base name (`UILaunchStoryboardName`), or `nil` for none.
    var launchStoryboardName: String?
    /// `UIApplicationSceneManifest`, if present: the app is scene-based.
    var sceneManifest: SceneManifest?

    /// The directory that holds the Info.plist and the storyboard.
    var directory: URL { url.deletingLastPathComponent() }

    /// Where the main storyboard is: `<directory>/<UIMainStoryboardFile>.storyboard`.
    var mainStoryboardURL: URL? {
        mainStoryboardName.map { directory.appending(path: "\($0).storyboard") }
    }

    /// Reads and checks the Info.plist at `url`.
    static func load(from url: URL) throws(LaunchKitError) -> InfoPlist {
        try parse(try BundleFile.read(url, as: "The Info.plist at"), url: url)
    }

    /// Checks Info.plist `data` read from `url` (the fuzz target `FuzzInfoPlist` calls it).
    static func parse(_ data: Data, url: URL) throws(LaunchKitError) -> InfoPlist {
        let path = url.path
        let root: PlistValue
        do {
            root = try PlistValue.read(data)
        } catch {
            throw LaunchKitError(
                kind: .malformedInfoPlist, file: path, key: nil,
                message:
                    "The Info.plist at \(path) is not a valid property list (\(PlistValue.reason(error))); expected an XML or binary property list whose root is a dictionary."
            )
        }
        guard case .dictionary(let values) = root else {
            throw LaunchKitError(
                kind: .malformedInfoPlist, file: path, key: nil,
                message: "The Info.plist at \(path) has \(root.kindDescription) at its root; expected a dictionary."
            )
        }
        let storyboard = try string(
            values, "UIMainStoryboardFile", path: path,
            expected: "a string naming a storyboard file (or an empty string for no storyboard)")
        let name = try string(values, "CFBundleName", path: path, expected: "a string")
        let executable = try string(values, "CFBundleExecutable", path: path, expected: "a string")
        let launchScreen = try string(
            values, "UILaunchStoryboardName", path: path,
            expected: "a string naming the launch screen's storyboard file (or an empty string for none)")
        return InfoPlist(
            url: url,
            mainStoryboardName: storyboard.flatMap { $0.isEmpty ? nil : $0 },
            bundleName: name ?? executable,
            launchStoryboardName: launchScreen.flatMap { $0.isEmpty ? nil : $0 },
            sceneManifest: try values[SceneManifest.key].map { value throws(LaunchKitError) in
                try SceneManifest.parse(value, path: path)
            }
        )
    }

    private static func string(_ values: [String: PlistValue], _ key: String, path: String, expected: String)
        throws(LaunchKitError) -> String?
    {
        guard let value = values[key] else { return nil }
        guard case .string(let string) = value else {
            throw LaunchKitError(
                kind: .invalidValue, file: path, key: key,
                message: "The Info.plist at \(path) has \(key) of type \(plistTypeName(value)); expected \(expected)."
            )
        }
        return string
    }

    /// The property-list type name of a value: "string", "boolean", "number", "data", "date",
    /// "array" or "dictionary".
    static func plistTypeName(_ value: PlistValue) -> String {
        switch value {
        case .string: "string"
        case .bool: "boolean"
        case .number: "number"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
