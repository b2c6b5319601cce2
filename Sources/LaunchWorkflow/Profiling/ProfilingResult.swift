import LaunchAnalysis
import LaunchTrace

/// What a profiling run produced; its files are in ``folder``.
public struct ProfilingResult: Sendable {
    /// The summary, with findings.
    public var summary: RunSummary
    /// The verdicts on the budgets and the policy.
    public var evaluation: BudgetEvaluation
    /// The traces of the completed launches, in order.
    public var traces: [LaunchTrace]
    /// The run folder.
    public var folder: RunFolder
    /// Notes for the user, in the order they arose.
    public var notes: [ProfilingNote]
    /// The signal that interrupted the run (SIGINT, SIGTERM, SIGHUP), or nil when it ran to
    /// the end. An interrupted run keeps and summarises the launches it measured.
    public var interruptedBy: Int32?

    /// The exit status of the run: ``ProfilerExitStatus/interrupted`` when interrupted, else
    /// the evaluation's.
    public var exitStatus: ProfilerExitStatus {
        interruptedBy == nil ? evaluation.exitCode : .interrupted
    }
}
