import LaunchHistory
import LaunchTrace

/// What a profiling run produced; its files are in ``folder``.
package struct ProfilingResult: Sendable {
    /// The summary, with findings.
    package var summary: RunSummary
    /// The verdicts on the budgets and the policy.
    package var evaluation: BudgetEvaluation
    /// The traces of the completed launches, in order.
    package var traces: [LaunchTrace]
    /// The run folder.
    package var folder: RunFolder
    /// Notes for the user, in the order they arose.
    package var notes: [ProfilingNote]
    /// The signal that interrupted the run (SIGINT, SIGTERM, SIGHUP), or nil when it ran to
    /// the end. An interrupted run keeps and summarises the launches it measured.
    package var interruptedBy: Int32?
    /// The run as recorded in the history, `nil` when it was not recorded.
    package var recorded: HistoryRun? = nil
    /// Why the run could not be recorded, when it could not.
    package var historyError: LaunchProfilerError? = nil
    /// The summary's JSON as summary.json holds it, encoded once for verdicts.json too.
    package var summaryJSON: [UInt8]? = nil

    /// The status `launchprof run` ends with: ``ProfilerExitStatus/interrupted`` when
    /// interrupted, else the budgets' status, or ``ProfilerExitStatus/historyNotRecorded`` when
    /// every budget passed but the run could not be recorded.
    package var exitStatus: ProfilerExitStatus {
        if interruptedBy != nil { return .interrupted }
        let code = evaluation.exitCode
        return code == .success && historyError != nil ? .historyNotRecorded : code
    }
}
