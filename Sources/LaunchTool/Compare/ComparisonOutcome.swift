import LaunchTrace

/// The result of `launchprof compare`, written as `comparison.json`: both builds, every
/// metric's effect and decision, the budget rules against base, the findings side by side
/// and the exit status.
package struct ComparisonOutcome: Codable, Sendable, Equatable {
    /// The format version this library writes.
    package static let currentSchemaVersion = 1

    /// Format version.
    package var schemaVersion = ComparisonOutcome.currentSchemaVersion
    /// The base build.
    package var base: ComparedBuild
    /// The head build.
    package var head: ComparedBuild
    /// The scenario of every launch.
    package var scenario: Scenario
    /// The seed of the randomised block order (rerun with `--seed` for the same order).
    package var seed: UInt64
    /// The sequential test, with every metric's samples, effect and decision.
    package var test: SequentialComparison
    /// The build a launch of which failed, ending the comparison, if any.
    package var failedBuild: ComparisonBuild?
    /// The signal (SIGINT, SIGTERM, SIGHUP) that interrupted the comparison, if one did: the
    /// launches so far are kept and compared, and the exit status is 130.
    package var interruptedBy: Int32?
    /// The verdicts of budget rules against base.
    package var budgets: [BaseBudgetVerdict]
    /// The main-thread findings side by side.
    package var findings: FindingsComparison
    /// Where the time went: every phase, span and part before `main`, compared on the same
    /// blocks (nil in files written before it was recorded, or when no block completed).
    package var parts: ComparisonParts?
    /// The functions whose cost per launch moved (the differential profile), largest first; nil
    /// in files written before it was recorded.
    package var functions: [FunctionChange]?
    /// What else used the CPU during both builds' launches; nil in files written before it was
    /// recorded.
    package var machineLoad: MachineLoad?

    /// Creates an outcome.
    package init(
        base: ComparedBuild, head: ComparedBuild, scenario: Scenario, seed: UInt64, test: SequentialComparison,
        failedBuild: ComparisonBuild?, budgets: [BaseBudgetVerdict], findings: FindingsComparison
    ) {
        self.base = base
        self.head = head
        self.scenario = scenario
        self.seed = seed
        self.test = test
        self.failedBuild = failedBuild
        self.budgets = budgets
        self.findings = findings
    }

    /// The overall decision (see ``SequentialComparison/decision``).
    package var decision: ComparisonDecision { test.decision }

    /// 130 when interrupted; 3 when a build failed to launch; 2 when a metric regressed or an error-level rule
    /// against base failed; 4 when a metric (or such a rule) is inconclusive; else 0.
    package var exitCode: ProfilerExitStatus {
        if interruptedBy != nil { return .interrupted }
        if failedBuild != nil { return .launchFailed }
        let errors = budgets.filter { $0.rule.level == .error }.map(\.status)
        if decision == .regressed || errors.contains(.fail) { return .budgetExceeded }
        if decision == .inconclusive || errors.contains(.inconclusive) { return .inconclusive }
        return .success
    }
}
