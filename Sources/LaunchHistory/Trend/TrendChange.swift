import LaunchAnalysis

/// A change point in a series, as `history trend` reports it.
public struct TrendChange: Codable, Sendable, Equatable {
    /// The series.
    public var series: SeriesKey
    /// Index of the first run after the change.
    public var index: Int
    /// When that run was recorded.
    public var recordedAt: String
    /// The last commit before the change, when known.
    public var commitBefore: String?
    /// The first commit after the change, when known.
    public var commitAfter: String?
    /// Median of the run medians from the previous change point up to this one.
    public var medianBefore: Double
    /// Median of the run medians from this change point up to the next.
    public var medianAfter: Double
    /// `medianAfter / medianBefore − 1`.
    public var effect: Double
    /// The t-test's p-value.
    public var pValue: Double

    /// The change `point` of `series`, whose neighbours are at `bounds` (previous, next).
    init(series: MetricSeries, point: DetectedChangePoint, previous: Int, next: Int) {
        let medians = series.points.map(\.median)
        self.series = series.key
        index = point.index
        recordedAt = series.points[point.index].recordedAt
        commitBefore = series.points[point.index - 1].commit
        commitAfter = series.points[point.index].commit
        medianBefore = Descriptive.median(Array(medians[previous..<point.index]))
        medianAfter = Descriptive.median(Array(medians[point.index..<next]))
        effect = medianBefore == 0 ? 0 : medianAfter / medianBefore - 1
        pValue = point.comparison.pValue
    }
}

/// `history trend`: the change points of every series.
public struct TrendAnalysis: Sendable {
    /// The detector.
    public var detector: ChangePointDetector

    /// Creates an analysis with `options`.
    public init(options: ChangePointOptions = ChangePointOptions()) {
        detector = ChangePointDetector(options: options)
    }

    /// The change points of `series`, oldest first.
    public func changes(in series: MetricSeries) -> [TrendChange] {
        let points = detector.changePoints(in: series.points.map(\.median))
        let bounds = [0] + points.map(\.index) + [series.points.count]
        return points.enumerated().map { offset, point in
            TrendChange(series: series, point: point, previous: bounds[offset], next: bounds[offset + 2])
        }
    }

    /// The change points of every series of `runs`.
    public func changes(in runs: [HistoryRun]) -> [TrendChange] {
        changes(in: MetricSeries.all(in: runs))
    }

    /// The change points of every series in `series`, series after series.
    public func changes(in series: [MetricSeries]) -> [TrendChange] {
        series.flatMap(changes(in:))
    }
}
