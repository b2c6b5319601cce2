import Foundation
import LaunchTrace

/// Reads the files of an app bundle (Info.plist, storyboards) through ``InputFile``, turning a
/// failure into a ``LaunchKitError`` that names the file and the reason in words.
enum BundleFile {
    /// The contents of `url`; `what` names the file in the message ("The Info.plist at …").
    static func read(_ url: URL, as what: String) throws(LaunchKitError) -> Data {
        do {
            return try InputFile.read(url, what: "file")
        } catch {
            throw LaunchKitError(
                kind: .unreadableFile, file: url.path, key: nil,
                message: "\(what) \(url.path) cannot be read: \(error.context.reason ?? error.message)"
            )
        }
    }
}
