import LaunchAnalysis
import LaunchTrace

/// An error that ends a command with a whole-sentence message: launchprof's name for
/// ``LaunchProfilerError``. Its documented exit code comes from ``LaunchProfilerError/exitCode``.
typealias CLIError = LaunchProfilerError

extension LaunchProfilerError.Code {
    /// Bad usage of the command line, or something it names that is not there.
    static let usage = Self("usage")
    /// The app failed to launch or measured nothing.
    static let launchFailed = Self("launchFailed")
}

extension LaunchProfilerError {
    /// A command-line error with `message`; `exitCode` chooses its code (usage or launch failure).
    init(_ message: String, exitCode: ExitCode = .usageError) {
        self.init(exitCode == .launchFailed ? .launchFailed : .usage, message)
    }

    /// The documented exit code of an error: the one place errors map to exit codes. A launch
    /// that failed is 3; every other error (bad arguments, files, budgets, baselines) is 1.
    var exitCode: ExitCode {
        switch code {
        case .launchFailed: .launchFailed
        default: .usageError
        }
    }
}
