import LaunchTrace

/// A problem with the app's launch configuration: its Info.plist, its storyboard, or the
/// classes `UIApplicationMain` was asked to create. LaunchKit's name for ``LaunchProfilerError``,
/// the one error shape of LaunchProfiler: ``LaunchProfilerError/code`` says what kind of problem
/// it is, ``LaunchProfilerError/context`` names the file and the key (or JSON path) involved.
///
/// Every message is a whole sentence that names the file and the key (or JSON path)
/// involved, and what was expected. At launch, ``UIApplicationMain(_:_:_:_:)-(_,_,String?,String?)``
/// prints the message to standard error and exits with status 1.
///
/// ```swift
/// do { try InfoPlist.load(from: url) } catch { print(error.message) }
/// ```
public typealias LaunchKitError = LaunchProfilerError

extension LaunchProfilerError.Code {
    /// A directory that should hold an Info.plist does not.
    public static let missingInfoPlist = Self("missingInfoPlist")
    /// The Info.plist is not a valid property list (or not a dictionary).
    public static let malformedInfoPlist = Self("malformedInfoPlist")
    /// A key has a value of the wrong type or an invalid value.
    public static let invalidValue = Self("invalidValue")
    /// A required key is missing.
    public static let missingKey = Self("missingKey")
    /// The storyboard file named by the Info.plist does not exist.
    public static let missingStoryboard = Self("missingStoryboard")
    /// The storyboard is not valid JSON.
    public static let malformedStoryboard = Self("malformedStoryboard")
    /// The storyboard declares a schema version this LaunchKit does not know.
    public static let unsupportedSchemaVersion = Self("unsupportedSchemaVersion")
    /// A class name resolves to no class.
    public static let unknownClass = Self("unknownClass")
    /// A class name resolves to a class of the wrong kind.
    public static let wrongKindOfClass = Self("wrongKindOfClass")
}

extension LaunchProfilerError {
    /// A LaunchKit error: `message` names the file (if any) and the Info.plist key, JSON path
    /// or argument (if any), which the context records too.
    init(kind: Code, file: String?, key: String?, message: String) {
        self.init(kind, message, context: Context(file: file, jsonPath: key, mentionsLocation: true))
    }
}
