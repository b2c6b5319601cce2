import LaunchAnalysis

/// An error that ends a workflow with a whole-sentence message and the documented exit status.
public struct WorkflowError: Error, CustomStringConvertible, Equatable {
    /// The message, a whole sentence.
    public let message: String
    /// The exit status the CLI ends with.
    public let exitStatus: ProfilerExitStatus

    /// Creates an error; usage errors by default.
    public init(_ message: String, exitStatus: ProfilerExitStatus = .usageError) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The message.
    public var description: String { message }
}
