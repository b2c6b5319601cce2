/// A launch series cannot run: the app cannot be started or the output cannot be written.
public enum RunnerError: Error, Equatable, CustomStringConvertible {
    /// `posix_spawn` failed.
    case spawnFailed(executable: String, reason: String)
    /// The executable does not exist or is not executable.
    case notExecutable(path: String)
    /// A socket for the app's progress events could not be made.
    case eventSocket(reason: String)
    /// The output folder cannot be created or written.
    case output(path: String, reason: String)

    /// A whole sentence describing the problem.
    public var description: String {
        switch self {
        case .spawnFailed(let executable, let reason):
            "The app \(executable) could not be started: \(reason)."
        case .notExecutable(let path):
            "The app \(path) does not exist or is not an executable file."
        case .eventSocket(let reason):
            "The event socket for the app could not be created: \(reason)."
        case .output(let path, let reason):
            "The output folder \(path) cannot be written: \(reason)."
        }
    }
}
