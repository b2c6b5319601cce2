import LaunchTrace

extension RunSummary {
    /// Adds the breakdown reasons' metrics to the run's scenario: for every ``BreakdownReason``,
    /// `reason:<reason>` (its time in each diagnosis launch's breakdown, 0 when the launch had
    /// none of it) and `reason:<reason>.share` (that time over the launch's time to ready), one
    /// sample per launch with its run index; so that budgets, compare and the history read them
    /// like any other metric. Does nothing without breakdowns (``RunFindings/breakdowns``), or
    /// when the run's scenario has no summary.
    package mutating func addReasonMetrics(
        bootstrap: Bootstrap = Bootstrap(), outliers: OutlierDetector = OutlierDetector()
    ) {
        let launches = (findings?.breakdowns ?? []).filter { $0.totalNs > 0 }
        let scenario = run.scenario.rawValue
        guard !launches.isEmpty, var summary = scenarios[scenario] else { return }
        let indices = launches.enumerated().map { $0.element.runIndex ?? $0.offset + 1 }
        for reason in BreakdownReason.allCases {
            let times = launches.map { Double($0.timeNs(reason)) }
            let shares = zip(launches, times).map { $1 / Double($0.totalNs) }
            for (name, kind, samples) in [
                (MetricName.reason(reason), MetricKind.time, times), (.reasonShare(reason), .share, shares),
            ] {
                summary.metrics[name.rawValue] = MetricSummary(
                    name: name, kind: kind, samples: samples, launchIndices: indices, bootstrap: bootstrap,
                    outliers: outliers)
            }
        }
        scenarios[scenario] = summary
    }
}
