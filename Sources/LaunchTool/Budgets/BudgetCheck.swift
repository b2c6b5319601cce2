import Foundation
import LaunchHistory

/// Loads a budget file and the baselines its relative rules name, and evaluates a run. Rules
/// against `base` belong to `launchprof compare` and are left out.
package struct BudgetCheck: Sendable, Equatable {
    /// The budget file, or nil for no rules.
    package let budgets: BudgetFile?
    /// The baselines the relative rules compare against, by name.
    package let baselines: [String: RunSummary]
    /// The run history rules with `"history": N` compare with; `nil` leaves those rules missing.
    package var history: HistoryLocation?
    /// Launches that may fail before the run fails (`--allow-failed`; 0 by default).
    package var allowedFailures = 0

    /// Loads the budget file and the baselines it needs.
    ///
    /// - Parameters:
    ///   - budgetsPath: the budget file, or nil for no rules.
    ///   - baseline: a baseline every relative rule compares against, overriding the rules' own.
    ///   - store: where baselines are kept.
    package init(budgetsPath: String?, baseline: String?, store: BaselineStore) throws {
        budgets = try budgetsPath.map { try BudgetFile.load(from: URL(filePath: $0)).withoutBaseRules }
        var names = budgets?.baselineNames ?? []
        if let baseline { names = [baseline] }
        var loaded: [String: RunSummary] = [:]
        for name in names {
            loaded[name] = try store.load(name: name)
        }
        if let baseline, let summary = loaded[baseline], let budgets {
            for name in budgets.baselineNames { loaded[name] = summary }
        }
        baselines = loaded
    }

    /// The verdicts on the rules, and on the policy against the summary's findings.
    package func evaluate(_ summary: RunSummary) -> BudgetEvaluation {
        guard let budgets else {
            return BudgetEvaluation(
                verdicts: [], launchCount: summary.judgedLaunches.count,
                completedLaunchCount: summary.judgedCompletedCount,
                allowedFailures: allowedFailures)
        }
        let recent = HistoryBaseline.baselines(runCounts: budgets.historyRunCounts, like: summary, in: history)
        var evaluation = BudgetEvaluator().evaluate(
            budgets, summary: summary, baselines: baselines.merging(recent) { old, _ in old })
        evaluation.allowedFailures = allowedFailures
        evaluation.policyVerdicts = PolicyEvaluator.evaluate(budgets.policy, findings: summary.findings)
        return evaluation
    }
}
