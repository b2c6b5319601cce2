import LaunchTrace

/// One metric of a run as the dashboards' formats take it: a benchmark name that stays the same
/// from run to run (`SampleApp/warm/timeToFirstFrame`), the median with its 95 % interval, and
/// the unit for people. Every metric of every scenario, sorted by name.
struct DashboardMetric {
    var name: String
    var metric: MetricSummary

    static func all(in summary: RunSummary) -> [DashboardMetric] {
        let app = summary.run.displayName
        return summary.scenarios.values.sorted { $0.scenario < $1.scenario }.flatMap { scenario in
            scenario.metrics.values.sorted { $0.name < $1.name }.map {
                DashboardMetric(name: "\(app)/\(scenario.scenario)/\($0.name)", metric: $0)
            }
        }
    }

    /// The median in a unit for people (ms, MB) and the unit's name.
    var readable: (value: Double, lower: Double, upper: Double, unit: String) {
        let scale: Double
        let unit: String
        switch metric.kind {
        case .time: (scale, unit) = (1e6, "ms")
        case .bytes: (scale, unit) = (1e6, "MB")
        case .count: (scale, unit) = (1, "count")
        case .share: (scale, unit) = (0.01, "%")
        }
        let interval = metric.medianInterval
        return (metric.statistics.median / scale, interval.lower / scale, interval.upper / scale, unit)
    }
}
