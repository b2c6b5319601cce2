import Foundation

/// Reads the files of an app bundle (Info.plist, storyboards), turning a failure into a
/// ``LaunchKitError`` that names the file.
enum BundleFile {
    /// The contents of `url`; `what` names the file in the message ("The Info.plist at …").
    static func read(_ url: URL, as what: String) throws(LaunchKitError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LaunchKitError(
                kind: .unreadableFile, file: url.path, key: nil,
                message: "\(what) \(url.path) cannot be read: \(error.localizedDescription)."
            )
        }
    }
}
