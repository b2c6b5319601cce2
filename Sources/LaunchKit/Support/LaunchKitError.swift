/// A problem with the app's launch configuration: its Info.plist, its storyboard, or the
/// classes `UIApplicationMain` was asked to create.
///
/// Every message is a whole sentence that names the file and the key (or JSON path)
/// involved, and what was expected. At launch, ``UIApplicationMain(_:_:_:_:)-(_,_,String?,String?)``
/// prints the message to standard error and exits with status 1.
///
/// ```swift
/// do { try InfoPlist.load(from: url) } catch { print(error.message) }
/// ```
public struct LaunchKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Equatable {
        /// A directory that should hold an Info.plist does not.
        case missingInfoPlist
        /// A file cannot be read at all.
        case unreadableFile
        /// The Info.plist is not a valid property list (or not a dictionary).
        case malformedInfoPlist
        /// A key has a value of the wrong type or an invalid value.
        case invalidValue
        /// A required key is missing.
        case missingKey
        /// The storyboard file named by the Info.plist does not exist.
        case missingStoryboard
        /// The storyboard is not valid JSON.
        case malformedStoryboard
        /// The storyboard declares a schema version this LaunchKit does not know.
        case unsupportedSchemaVersion
        /// A class name resolves to no class.
        case unknownClass
        /// A class name resolves to a class of the wrong kind.
        case wrongKindOfClass
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The file involved, if any (an Info.plist, a storyboard).
    public var file: String?
    /// The Info.plist key, JSON path or argument involved, if any.
    public var key: String?
    /// The whole-sentence message.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, file: String?, key: String?, message: String) {
        self.kind = kind
        self.file = file
        self.key = key
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
