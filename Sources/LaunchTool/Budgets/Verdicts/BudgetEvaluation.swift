/// The verdicts on every rule of a budget file for one run, and the exit code they imply.
///
/// ```swift
/// let evaluation = BudgetEvaluator().evaluate(budgets, summary: summary)
/// exit(evaluation.exitCode.rawValue)
/// ```
package struct BudgetEvaluation: Codable, Sendable, Equatable {
    /// One verdict per rule, in file order.
    package var verdicts: [RuleVerdict]
    /// Launches in the run, whatever their outcome.
    package var launchCount: Int
    /// Launches that completed with a trace.
    package var completedLaunchCount: Int
    /// Violations of the budget file's policy on main-thread work (see ``PolicyEvaluator``);
    /// error-level ones fail the check like rules.
    package var policyVerdicts: [PolicyVerdict]
    /// Launches that may fail (crash, hang, exit with an error, give no or an invalid trace)
    /// before the run fails with ``ProfilerExitStatus/launchFailed``: `--allow-failed`, 0 by default.
    package var allowedFailures: Int
    /// The status of the whole run when more than the verdicts decided it (`launchprof run`
    /// interrupted, or its history not recorded); nil when the verdicts' ``exitCode`` is the
    /// run's. Every output prints ``status``, so none names a code the process does not return.
    package var runStatus: ProfilerExitStatus?

    /// Creates an evaluation.
    package init(
        verdicts: [RuleVerdict], launchCount: Int, completedLaunchCount: Int, policyVerdicts: [PolicyVerdict] = [],
        allowedFailures: Int = 0
    ) {
        self.verdicts = verdicts
        self.allowedFailures = allowedFailures
        self.launchCount = launchCount
        self.completedLaunchCount = completedLaunchCount
        self.policyVerdicts = policyVerdicts
    }

    /// Launches that did not complete with a valid trace.
    package var failedLaunchCount: Int { max(0, launchCount - completedLaunchCount) }

    /// The exit code: 3 when no launch completed or more than ``allowedFailures`` failed; else 2 when an error-level rule failed or
    /// is missing, or an error-level policy verdict fails; else 4 when an error-level rule is inconclusive; else 0. Warn-level
    /// rules never change it.
    package var exitCode: ProfilerExitStatus {
        if completedLaunchCount == 0 || failedLaunchCount > allowedFailures { return .launchFailed }
        if verdicts.contains(where: \.failsCheck) || policyVerdicts.contains(where: \.failsCheck) {
            return .budgetExceeded
        }
        if verdicts.contains(where: { $0.rule.level == .error && $0.status == .inconclusive }) { return .inconclusive }
        return .success
    }

    /// The status the command ends with: ``runStatus`` when the run set one, else ``exitCode``.
    package var status: ProfilerExitStatus { runStatus ?? exitCode }

    /// Whether more launches cannot change the outcome: no rule (of either level) is
    /// inconclusive. An `--adaptive` loop adds launches while this is false.
    package var isDecisive: Bool {
        !verdicts.contains { $0.status == .inconclusive }
    }

    /// Verdicts that are inconclusive, for an adaptive loop's progress output.
    package var inconclusiveVerdicts: [RuleVerdict] { verdicts.filter { $0.status == .inconclusive } }

    /// Verdicts that failed or are missing, at either level.
    package var problems: [RuleVerdict] { verdicts.filter { $0.status == .fail || $0.status == .missing } }

    /// Relative rules whose metric improved significantly against the baseline.
    package var improvements: [RuleVerdict] { verdicts.filter(\.isImprovement) }
}
