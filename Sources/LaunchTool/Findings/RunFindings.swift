import LaunchTrace

/// Every finding of a run, ordered by impact, and how the run's stacks were symbolicated.
package struct RunFindings: Codable, Sendable, Equatable {
    /// Findings, highest ``Finding/impactNs`` first.
    package var findings: [Finding]
    /// Completed launches whose main thread was observed, per scenario.
    package var analyzedLaunches: [String: Int]
    /// Images whose frames lack function names or file and line, each with a sentence saying
    /// which and why (``LaunchSymbolication/Symbolicator/notices``); the reports show them.
    package var symbolicationProblems: [String: String]
    /// The external symbolizer used for file:line (`llvmSymbolizer`, `addr2line`), if any.
    package var sourceLocator: String?
    /// Where the on-CPU, runnable and blocked time the launches waited for (their critical path, on any
    /// thread) before the first frame or readiness was charged,
    /// summed over the launches with a whole-launch profile (nil when none had one).
    package var attribution: LaunchAttribution?
    /// CPU work the launches did not wait for, largest first (nil when no launch had a
    /// whole-launch profile of every thread).
    package var background: [BackgroundWork]?
    /// The time the launches' critical path waited for a CPU (runnable), median per launch with
    /// a whole-launch profile; nil when none had one.
    package var medianWaitingForCPUNs: Double?
    /// Other programs that used the CPUs while the launches ran (an estimate from `/proc`),
    /// largest first; nil when no launch recorded them.
    package var otherPrograms: [OtherProgram]?
    /// Each diagnosis launch's exclusive breakdown from exec to ready (nil when no launch had a
    /// whole-launch profile).
    package var breakdowns: [LaunchBreakdown]?
    /// The rules over the breakdowns that fired, shown first among the findings (nil when no
    /// launch had a breakdown).
    package var reasons: [SlowStartReason]?
    /// What the launches' end is called (nil in files written before it was recorded: the first frame).
    package var endpoint: LaunchEndpoint?

    /// Creates findings.
    package init(
        findings: [Finding], analyzedLaunches: [String: Int], symbolicationProblems: [String: String] = [:],
        sourceLocator: String? = nil
    ) {
        self.findings = findings
        self.analyzedLaunches = analyzedLaunches
        self.symbolicationProblems = symbolicationProblems
        self.sourceLocator = sourceLocator
    }

    /// The `count` findings with the highest impact.
    package func top(_ count: Int) -> [Finding] { Array(findings.prefix(count)) }
}
