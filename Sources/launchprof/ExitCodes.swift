import ArgumentParser

/// The exit codes of `launchprof`, the same for every command.
enum ExitCodes {
    /// Every budget passed.
    static let pass: Int32 = 0
    /// Usage or internal error.
    static let usage: Int32 = 1
    /// A budget was exceeded (or a budgeted metric is missing).
    static let budgetExceeded: Int32 = 2
    /// The app failed to launch or measured nothing.
    static let launchFailed: Int32 = 3
    /// No failure, but a verdict is inconclusive.
    static let inconclusive: Int32 = 4
}

/// An error that ends the command with a message and a chosen exit code.
struct CLIError: Error, CustomStringConvertible {
    let message: String
    let exitCode: Int32

    init(_ message: String, exitCode: Int32 = ExitCodes.usage) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}
