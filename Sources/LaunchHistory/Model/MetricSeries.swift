/// One metric over the runs of one app, scenario and machine class, oldest first.
package struct MetricSeries: Codable, Sendable, Equatable {
    /// What the series is of.
    package var key: SeriesKey
    /// One point per run.
    package var points: [SeriesPoint]

    /// Creates a series.
    package init(key: SeriesKey, points: [SeriesPoint]) {
        self.key = key
        self.points = points
    }

    /// Every series in `runs` (oldest first), sorted by key.
    package static func all(in runs: [HistoryRun]) -> [MetricSeries] {
        var points: [SeriesKey: [SeriesPoint]] = [:]
        for run in runs {
            for metric in run.metrics {
                let key = SeriesKey(
                    app: run.app, scenario: metric.scenario, machineClass: run.machine.machineClass,
                    metric: metric.metric)
                points[key, default: []].append(SeriesPoint(run: run, metric: metric))
            }
        }
        return points.keys.sorted().map { MetricSeries(key: $0, points: points[$0]!) }
    }
}

/// What a series is of: an app, a scenario, a machine class and a metric.
package struct SeriesKey: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The app.
    package var app: String
    /// The scenario.
    package var scenario: String
    /// The machine class.
    package var machineClass: String
    /// The metric.
    package var metric: String

    /// Creates a key.
    package init(app: String, scenario: String, machineClass: String, metric: String) {
        self.app = app
        self.scenario = scenario
        self.machineClass = machineClass
        self.metric = metric
    }

    /// `app scenario metric [machine class]`.
    package var description: String { "\(app) \(scenario) \(metric) [\(machineClass)]" }

    /// By app, scenario, metric, then machine class.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.app, lhs.scenario, lhs.metric, lhs.machineClass) < (rhs.app, rhs.scenario, rhs.metric, rhs.machineClass)
    }
}

/// One run's value in a series.
package struct SeriesPoint: Codable, Sendable, Equatable {
    /// When the run was recorded.
    package var recordedAt: String
    /// The run's key.
    package var runKey: String
    /// The commit measured.
    package var commit: String?
    /// The run's median.
    package var median: Double
    /// The run's 10th percentile.
    package var p10: Double
    /// The run's 90th percentile.
    package var p90: Double
    /// Launches with a value.
    package var count: Int

    /// The point of `metric` in `run`.
    package init(run: HistoryRun, metric: HistoryMetric) {
        self.init(
            recordedAt: run.recordedAt, runKey: run.key, commit: run.revision.commit,
            median: metric.median, p10: metric.p10, p90: metric.p90, count: metric.count
        )
    }

    /// Creates a point.
    package init(
        recordedAt: String, runKey: String, commit: String?, median: Double, p10: Double, p90: Double, count: Int
    ) {
        self.recordedAt = recordedAt
        self.runKey = runKey
        self.commit = commit
        self.median = median
        self.p10 = p10
        self.p90 = p90
        self.count = count
    }
}
