/// One metric over the runs of one app, scenario and machine class, oldest first.
public struct MetricSeries: Codable, Sendable, Equatable {
    /// What the series is of.
    public var key: SeriesKey
    /// One point per run.
    public var points: [SeriesPoint]

    /// Creates a series.
    public init(key: SeriesKey, points: [SeriesPoint]) {
        self.key = key
        self.points = points
    }

    /// Every series in `runs` (oldest first), sorted by key.
    public static func all(in runs: [HistoryRun]) -> [MetricSeries] {
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
public struct SeriesKey: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The app.
    public var app: String
    /// The scenario.
    public var scenario: String
    /// The machine class.
    public var machineClass: String
    /// The metric.
    public var metric: String

    /// Creates a key.
    public init(app: String, scenario: String, machineClass: String, metric: String) {
        self.app = app
        self.scenario = scenario
        self.machineClass = machineClass
        self.metric = metric
    }

    /// `app scenario metric [machine class]`.
    public var description: String { "\(app) \(scenario) \(metric) [\(machineClass)]" }

    /// By app, scenario, metric, then machine class.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.app, lhs.scenario, lhs.metric, lhs.machineClass) < (rhs.app, rhs.scenario, rhs.metric, rhs.machineClass)
    }
}

/// One run's value in a series.
public struct SeriesPoint: Codable, Sendable, Equatable {
    /// When the run was recorded.
    public var recordedAt: String
    /// The run's key.
    public var runKey: String
    /// The commit measured.
    public var commit: String?
    /// The run's median.
    public var median: Double
    /// The run's 10th percentile.
    public var p10: Double
    /// The run's 90th percentile.
    public var p90: Double
    /// Launches with a value.
    public var count: Int

    /// The point of `metric` in `run`.
    public init(run: HistoryRun, metric: HistoryMetric) {
        self.init(
            recordedAt: run.recordedAt, runKey: run.key, commit: run.revision.commit,
            median: metric.median, p10: metric.p10, p90: metric.p90, count: metric.count
        )
    }

    /// Creates a point.
    public init(
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
