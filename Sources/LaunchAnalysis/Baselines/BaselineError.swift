/// A baseline cannot be saved or loaded.
public enum BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No baseline of this name was saved; `path` is where it was looked for.
    case notFound(name: String, path: String)
    /// The name cannot name a file safely.
    case invalidName(String)
    /// The baseline file could not be written.
    case cannotWrite(name: String, path: String, reason: String)

    /// A sentence explaining the problem.
    public var description: String {
        switch self {
        case .notFound(let name, let path):
            "The baseline \"\(name)\" does not exist: \(path) was not found. Save a run summary under that name first."
        case .invalidName(let name):
            "The baseline name \"\(name)\" is not valid; use letters, digits, \".\", \"_\" or \"-\", not starting with \".\"."
        case .cannotWrite(let name, let path, let reason):
            "The baseline \"\(name)\" cannot be written to \(path): \(reason)"
        }
    }
}
