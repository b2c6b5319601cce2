import LaunchAnalysis

/// An error that ends a command with a whole-sentence message and a documented exit code.
struct CLIError: Error, CustomStringConvertible {
    let message: String
    let exitCode: ProfilerExitStatus

    init(_ message: String, exitCode: ProfilerExitStatus = .usageError) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}
