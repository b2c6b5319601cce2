import Foundation
import LaunchAnalysis
import LaunchTrace

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
    /// The parts of the launch (phases, spans, parts before `main`) of the same app, scenario and
    /// machine class whose own series changed at the same run (or the one next to it), with their
    /// effect: `binaryLoad +58.2 %`. Empty when none did, or for a part's own change.
    public var movedWith: [String] = []

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

    /// The change points of every series in `series`, series after series; each change of a
    /// metric that is not itself a part of the launch lists the parts that moved with it.
    public func changes(in series: [MetricSeries]) -> [TrendChange] {
        let all = series.flatMap(changes(in:))
        return all.map { change in
            guard !MetricName(rawValue: change.series.metric).isLaunchPart else { return change }
            var change = change
            change.movedWith = all.filter { other in
                other.series.app == change.series.app && other.series.scenario == change.series.scenario
                    && other.series.machineClass == change.series.machineClass
                    && MetricName(rawValue: other.series.metric).isLaunchPart && abs(other.index - change.index) <= 1
            }
            .sorted { abs($0.effect) > abs($1.effect) }
            .map { "\($0.series.metric) \(String(format: "%+.1f %%", $0.effect * 100))" }
            return change
        }
    }
}
