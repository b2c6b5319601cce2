/// The parts of an app's Info.plist that LaunchKit reads.
///
/// | key | type | meaning |
/// |---|---|---|
/// | `UIMainStoryboardFile` | string | storyboard base name; absent or empty: the code path |
/// | `CFBundleName` | string | the app's name in the trace |
/// | `CFBundleExecutable` | string | the executable's name (the fallback name) |
struct InfoPlist {
    /// The file that was read.
    let url: URL
    /// The main storyboard's base name, or `nil` for the code path.
    let mainStoryboardName: String?
    /// `CFBundleName`, or `CFBundleExecutable`, if present.
    let bundleName: String?

    /// The directory that holds the Info.plist and the storyboard.
    var directory: URL { url.deletingLastPathComponent() }

    /// Where the main storyboard is: `<directory>/<UIMainStoryboardFile>.storyboard`.
    var mainStoryboardURL: URL? {
        mainStoryboardName.map { directory.appending(path: "\($0).storyboard") }
    }

    /// Reads and checks the Info.plist at `url`.
    static func load(from url: URL) throws(LaunchKitError) -> InfoPlist {
        let path = url.path
        let data = try BundleFile.read(url, as: "The Info.plist at")
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw LaunchKitError(
                kind: .malformedInfoPlist, file: path, key: nil,
                message: "The Info.plist at \(path) is not a valid property list (\(error.localizedDescription)); expected an XML or binary property list whose root is a dictionary."
            )
        }
        guard let values = root as? [String: Any] else {
            throw LaunchKitError(
                kind: .malformedInfoPlist, file: path, key: nil,
                message: "The Info.plist at \(path) has a \(plistTypeName(root)) at its root; expected a dictionary."
            )
        }
        let storyboard = try string(values, "UIMainStoryboardFile", path: path, expected: "a string naming a storyboard file (or an empty string for no storyboard)")
        let name = try string(values, "CFBundleName", path: path, expected: "a string")
        let executable = try string(values, "CFBundleExecutable", path: path, expected: "a string")
        return InfoPlist(
            url: url,
            mainStoryboardName: storyboard.flatMap { $0.isEmpty ? nil : $0 },
            bundleName: name ?? executable
        )
    }

    private static func string(_ values: [String: Any], _ key: String, path: String, expected: String) throws(LaunchKitError) -> String? {
        guard let value = values[key] else { return nil }
        guard let string = value as? String else {
            throw LaunchKitError(
                kind: .invalidValue, file: path, key: key,
                message: "The Info.plist at \(path) has \(key) of type \(plistTypeName(value)); expected \(expected)."
            )
        }
        return string
    }

    /// The property-list type name of a value read by `PropertyListSerialization`.
    static func plistTypeName(_ value: Any) -> String {
        switch value {
        case _ where type(of: value) == Bool.self: "boolean"
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "dictionary"
        case is Data: "data"
        case is Date: "date"
        case is NSNumber: "number"
        default: "\(type(of: value))"
        }
    }
}
