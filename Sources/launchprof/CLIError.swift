import LaunchTool
import LaunchTrace

/// An error that ends a command with a whole-sentence message: launchprof's name for
/// ``LaunchProfilerError``. Its documented exit status is ``LaunchProfilerError/exitStatus``.
typealias CLIError = LaunchProfilerError

extension LaunchProfilerError.Code {
    /// Bad usage of the command line, or something it names that is not there.
    static let usage = Self("usage")
}

extension LaunchProfilerError {
    /// A command-line error with `message`; `exitCode` chooses its code (usage or launch failure).
    init(_ message: String, exitCode: ProfilerExitStatus = .usageError) {
        self.init(exitCode == .launchFailed ? .launchFailed : .usage, message)
    }
}
