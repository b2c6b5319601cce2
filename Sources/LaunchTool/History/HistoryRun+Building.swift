import Foundation
import LaunchHistory
import LaunchTrace

extension HistoryRun {
    /// The record of a finished run: every metric of every scenario of `summary`, the
    /// verdicts of `evaluation`, keyed by a new UUID unless `key` is given.
    package init(
        summary: RunSummary, evaluation: BudgetEvaluation?, revision: SourceRevision, appVersion: String? = nil,
        settings: [String: String] = [:], key: String = UUID().uuidString.lowercased(), recordedAt: Date = Date()
    ) {
        self.init(
            key: key, recordedAt: HistoryRun.timestamp(recordedAt),
            app: summary.run.displayName, appVersion: appVersion, revision: revision,
            machine: MachineFingerprint(summary.run.machine), scenario: summary.run.scenario.rawValue,
            launches: summary.run.runs, settings: settings.merging(Self.loadSettings(summary.machineLoad)) { $1 },
            metrics: HistoryRun.metrics(of: summary),
            verdicts: (evaluation?.verdicts ?? []).map {
                HistoryVerdict(rule: $0.rule.title, status: $0.status.rawValue, observed: $0.observed)
            }
        )
    }

    /// What else used the CPU during the run's launches, as settings named `machine.*`
    /// (`machine.otherCpuShare`: 0.48 for half a CPU), so a trend can be read beside it.
    static func loadSettings(_ load: MachineLoad?) -> [String: String] {
        guard let load else { return [:] }
        var settings = [
            "machine.otherCpuShare": String(format: "%.3f", load.otherCpuShare),
            "machine.stealShare": String(format: "%.3f", load.stealShare),
            "machine.loadAverage": String(format: "%.2f", load.loadAverage),
        ]
        if let frequency = load.cpuFrequencyMHz {
            settings["machine.cpuFrequencyMHz"] = String(format: "%.0f", frequency)
        }
        return settings
    }

    /// Every metric with at least one value, ordered by scenario then metric, then the cost per
    /// launch of the run's ``functionsRecorded`` highest-impact findings that are not of low
    /// confidence (``LaunchTool/MetricName/function(_:)``), so that a change of the launch
    /// can name the functions that moved with it, then the median time of each breakdown reason.
    static func metrics(of summary: RunSummary) -> [HistoryMetric] {
        let measured = summary.scenarios.keys.sorted().flatMap { scenario in
            let metrics = summary.scenarios[scenario]!.metrics
            return metrics.keys.sorted().compactMap { name -> HistoryMetric? in
                let samples = metrics[name]!.samples
                // A reason the launches never had is no series of the history.
                let absent = name.hasPrefix(MetricName.reasonPrefix) && !samples.contains { $0 > 0 }
                return samples.isEmpty || absent
                    ? nil : HistoryMetric(scenario: scenario, metric: name, values: samples)
            }
        }
        let findings = (summary.findings?.findings ?? []).filter { $0.confidence != .low }
            .sorted { $0.impactNs > $1.impactNs }.prefix(functionsRecorded)
        return measured
            + findings.map {
                HistoryMetric(
                    scenario: $0.scenario, metric: MetricName.function($0.id).rawValue, values: [$0.medianCostNs])
            } + reasons(of: summary).filter { reason in !measured.contains { $0.metric == reason.metric } }
    }

    /// The median time per launch of every reason of the run's breakdowns
    /// (``LaunchTool/MetricName/reason(_:)``), in the scenario of the run, so that a change of
    /// the launch can say which part moved (waiting for a CPU: the machine, not the program); for
    /// a summary whose scenario does not carry them as metrics already (each launch's time).
    static func reasons(of summary: RunSummary) -> [HistoryMetric] {
        guard let breakdowns = summary.findings?.breakdowns, !breakdowns.isEmpty else { return [] }
        let scenario = summary.run.scenario.rawValue
        return BreakdownReason.allCases.compactMap { reason in
            let times = breakdowns.map { Double($0.timeNs(reason)) }
            guard times.contains(where: { $0 > 0 }) else { return nil }
            return HistoryMetric(
                scenario: scenario, metric: MetricName.reason(reason).rawValue, values: [Descriptive.median(times)])
        }
    }

    /// How many of a run's findings the history keeps the cost of.
    package static let functionsRecorded = 10
}
