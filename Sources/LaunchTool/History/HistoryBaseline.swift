import Foundation
import LaunchHistory
import LaunchTrace

/// The baselines of budget rules against history: for each `"history": N`, every launch's
/// values of the last N recorded runs of the summary's app, scenario and machine class, pooled
/// as one summary, so the evaluator's relative check (Mann–Whitney U and the rule's percentage
/// as the minimum effect) compares the run with recent nights rather than with one saved run.
enum HistoryBaseline {
    /// The baselines by ``BudgetRule/historyBaselineName(_:)``; empty when there are no such
    /// rules, no history or no earlier run (the rules are then reported missing).
    static func baselines(runCounts: [Int], like summary: RunSummary, in location: HistoryLocation?) -> [String:
        RunSummary]
    {
        guard let location, let most = runCounts.max() else { return [:] }
        let filter = HistoryFilter(
            app: summary.run.displayName, scenario: summary.run.scenario.rawValue,
            machineClass: MachineFingerprint(summary.run.machine).machineClass, lastRuns: most, includeValues: true
        )
        guard let store = try? location.open() else { return [:] }
        defer { store.close() }
        guard let runs = try? store.runs(matching: filter), !runs.isEmpty else { return [:] }
        var result: [String: RunSummary] = [:]
        for count in runCounts {
            result[BudgetRule.historyBaselineName(count)] = pooled(Array(runs.suffix(count)), like: summary)
        }
        return result
    }

    /// One summary holding every launch value of `runs`, metric by metric.
    static func pooled(_ runs: [HistoryRun], like summary: RunSummary) -> RunSummary {
        var values: [String: [String: [Double]]] = [:]
        for metric in runs.flatMap(\.metrics) {
            values[metric.scenario, default: [:]][metric.metric, default: []] += metric.values
        }
        let scenarios = values.mapValues { metrics in
            metrics.compactMap { name, samples -> MetricSummary? in
                let metricName = MetricName(rawValue: name)
                guard let kind = summary.scenarios.values.lazy.compactMap({ $0.metrics[name]?.kind }).first else {
                    return nil
                }
                return MetricSummary(
                    name: metricName, kind: kind, samples: samples, launchIndices: Array(samples.indices))
            }
        }
        return RunSummary(
            run: summary.run, launches: [],
            scenarios: scenarios.reduce(into: [:]) { result, entry in
                result[entry.key] = ScenarioSummary(
                    scenario: entry.key, completedLaunches: entry.value.map(\.samples.count).max() ?? 0,
                    metrics: Dictionary(uniqueKeysWithValues: entry.value.map { ($0.name.rawValue, $0) })
                )
            }
        )
    }
}
