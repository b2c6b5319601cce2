import LaunchHistory
import LaunchRunner
import LaunchTrace

extension LaunchProfilerError.Code {
    /// A workflow could not go on: no app to launch, no run folder, a folder that cannot be written.
    package static let workflow = Self("workflow")
    /// The app failed to launch or measured nothing.
    package static let launchFailed = Self("launchFailed")
}

extension LaunchProfilerError {
    /// A workflow error with `message`, a whole sentence; a launch that failed gets
    /// ``Code/launchFailed``, anything else ``Code/workflow``.
    package static func workflow(_ message: String, exitStatus: ProfilerExitStatus = .usageError) -> LaunchProfilerError
    {
        LaunchProfilerError(exitStatus == .launchFailed ? .launchFailed : .workflow, message)
    }

    /// The documented exit status an error ends the command with: the one place errors map to
    /// exit statuses. A launch that failed is 3; an interruption is 130; every other error (bad
    /// arguments, files, budgets, baselines, run folders) is 1; a history that cannot be opened or
    /// written is 5.
    package var exitStatus: ProfilerExitStatus {
        if code == .launchFailed { return .launchFailed }
        if code == .interrupted { return .interrupted }
        return Self.historyCodes.contains(code) ? .historyNotRecorded : .usageError
    }

    /// The codes of a history store that cannot be opened, read or written.
    static let historyCodes: Set<Code> = [
        .historyUnavailable, .historyCorrupt, .historyForeign, .historySchemaTooNew, .historyQueryFailed,
    ]
}
