import Foundation
import LaunchAnalysis
import LaunchTrace

extension HistoryRun {
    /// The record of a finished run: every metric of every scenario of `summary`, the
    /// verdicts of `evaluation`, keyed by a new UUID unless `key` is given.
    public init(
        summary: RunSummary, evaluation: BudgetEvaluation?, revision: SourceRevision, appVersion: String? = nil,
        settings: [String: String] = [:], key: String = UUID().uuidString.lowercased(), recordedAt: Date = Date()
    ) {
        self.init(
            key: key, recordedAt: HistoryRun.timestamp(recordedAt),
            app: summary.run.displayName, appVersion: appVersion, revision: revision,
            machine: MachineFingerprint(summary.run.machine), scenario: summary.run.scenario.rawValue,
            launches: summary.launches.count, settings: settings,
            metrics: HistoryRun.metrics(of: summary),
            verdicts: (evaluation?.verdicts ?? []).map {
                HistoryVerdict(rule: $0.rule.title, status: $0.status.rawValue, observed: $0.observed)
            }
        )
    }

    /// Every metric with at least one value, ordered by scenario then metric.
    static func metrics(of summary: RunSummary) -> [HistoryMetric] {
        summary.scenarios.keys.sorted().flatMap { scenario in
            let metrics = summary.scenarios[scenario]!.metrics
            return metrics.keys.sorted().compactMap { name -> HistoryMetric? in
                let samples = metrics[name]!.samples
                return samples.isEmpty ? nil : HistoryMetric(scenario: scenario, metric: name, values: samples)
            }
        }
    }

    /// `date` as ISO 8601 in UTC with milliseconds, which sorts as text.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
