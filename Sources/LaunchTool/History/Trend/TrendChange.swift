import Foundation
import LaunchHistory
import LaunchTrace

/// A change point in a series, as `history trend` reports it.
package struct TrendChange: Codable, Sendable, Equatable {
    /// The series.
    package var series: SeriesKey
    /// Index of the first run after the change.
    package var index: Int
    /// When that run was recorded.
    package var recordedAt: String
    /// The last commit before the change, when known.
    package var commitBefore: String?
    /// The first commit after the change, when known.
    package var commitAfter: String?
    /// Median of the run medians from the previous change point up to this one.
    package var medianBefore: Double
    /// Median of the run medians from this change point up to the next.
    package var medianAfter: Double
    /// `medianAfter / medianBefore − 1`.
    package var effect: Double
    /// The t-test's p-value.
    package var pValue: Double
    /// The parts of the launch (phases, spans, parts before `main`) of the same app, scenario and
    /// machine class whose own series changed at the same run (or the one next to it), with their
    /// effect: `binaryLoad +58.2 %`. Empty when none did, or for a part's own change.
    package var movedWith: [String] = []

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
package struct TrendAnalysis: Sendable {
    /// The detector.
    package var detector: ChangePointDetector

    /// Creates an analysis with `options`.
    package init(options: ChangePointOptions = ChangePointOptions()) {
        detector = ChangePointDetector(options: options)
    }

    /// The change points of `series`, oldest first.
    package func changes(in series: MetricSeries) -> [TrendChange] {
        let points = detector.changePoints(in: series.points.map(\.median))
        let bounds = [0] + points.map(\.index) + [series.points.count]
        return points.enumerated().map { offset, point in
            TrendChange(series: series, point: point, previous: bounds[offset], next: bounds[offset + 2])
        }
    }

    /// The change points of every series of `runs`.
    package func changes(in runs: [HistoryRun]) -> [TrendChange] {
        changes(in: MetricSeries.all(in: runs))
    }

    /// The change points of every series in `series`, series after series; each change of a
    /// metric that is not itself a part of the launch lists the parts that moved with it (at the
    /// same run or the one next to it), then the functions, then the breakdown reasons (`reason:waiting
    /// for a CPU +110.0 ms: the machine was busier, …`). A function's own series (its cost per
    /// launch, ``LaunchTool/MetricName/isFunctionCost``) and a reason's
    /// (``LaunchTool/MetricName/isReasonTime``) are never a change of their own.
    package func changes(in series: [MetricSeries]) -> [TrendChange] {
        let all = series.flatMap(changes(in:))
        let bySeries = Dictionary(series.map { ($0.key, $0) }) { first, _ in first }
        return all.filter { !MetricName(rawValue: $0.series.metric).isExplanation }.map { change in
            guard !MetricName(rawValue: change.series.metric).isLaunchPart else { return change }
            let runs = bySeries[change.series].map { Self.runsAround(change.index, in: $0) } ?? []
            var change = change
            let moved = all.filter { other in
                let name = MetricName(rawValue: other.series.metric)
                return other.series.app == change.series.app && other.series.scenario == change.series.scenario
                    && other.series.machineClass == change.series.machineClass
                    && (name.isLaunchPart || name.isExplanation) && runs.contains(other.recordedAt)
            }
            let parts = moved.filter { !MetricName(rawValue: $0.series.metric).isExplanation }
            let reasons = moved.filter { MetricName(rawValue: $0.series.metric).isReasonTime }
            change.movedWith =
                (parts.sorted { abs($0.effect) > abs($1.effect) }
                + moved.filter {
                    MetricName(rawValue: $0.series.metric).isFunctionCost
                }.sorted { abs($0.medianAfter - $0.medianBefore) > abs($1.medianAfter - $1.medianBefore) })
                .map { "\($0.series.metric) \($0.relativeText)" }
            change.movedWith += Self.newFunctions(at: runs, of: change, in: series)
            change.movedWith += reasons.sorted {
                abs($0.medianAfter - $0.medianBefore) > abs($1.medianAfter - $1.medianBefore)
            }
            .map(Self.reasonText)
            return change
        }
    }

    /// The functions first seen at the change (their series begins at one of `runs`, after the
    /// change's series had at least two runs): `function:cpu:main:Cache.prime() new, 20.1 ms`.
    static func newFunctions(at runs: Set<String>, of change: TrendChange, in series: [MetricSeries]) -> [String] {
        guard change.index >= 2 else { return [] }
        return series.filter { other in
            other.key.app == change.series.app && other.key.scenario == change.series.scenario
                && other.key.machineClass == change.series.machineClass
                && MetricName(rawValue: other.key.metric).isFunctionCost
                && other.points.first.map { runs.contains($0.recordedAt) } == true
        }
        .map { ($0.key.metric, Descriptive.median($0.points.map(\.median))) }
        .sorted { $0.1 > $1.1 }
        .map { "\($0.0) new, \(MetricKind.time.format($0.1))" }
    }

    /// `reason:waitingForCPU +110.0 ms: the machine was busier, not a change of the program`.
    static func reasonText(_ change: TrendChange) -> String {
        let name = String(change.series.metric.dropFirst(MetricName.reasonPrefix.count))
        guard let reason = BreakdownReason(rawValue: name) else { return change.series.metric }
        let moved = ReasonChange(reason: reason, baseMedianNs: change.medianBefore, headMedianNs: change.medianAfter)
        return "reason:" + moved.sentence
    }

    /// When the runs at `index` and next to it in `series` were recorded.
    static func runsAround(_ index: Int, in series: MetricSeries) -> Set<String> {
        Set(series.points[max(0, index - 1)...min(series.points.count - 1, index + 1)].map(\.recordedAt))
    }
}
