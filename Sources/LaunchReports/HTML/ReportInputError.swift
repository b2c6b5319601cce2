/// The report cannot be made from what was given, e.g. `--run` names a launch without a trace.
public struct ReportInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as a sentence.
    public var message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
