import Foundation
import LaunchTrace

/// The gap between a bisect's two ends in one metric: the mean block log-ratio of the bad
/// commit over the good one, measured before any candidate. It sets the scale of every step: a
/// candidate's effect against the good commit is read as a fraction of the gap's (0 like the
/// good commit, 1 like the bad one), and the step asks which end the candidate resembles, not
/// whether it differs from the good commit by `--min-effect`.
///
/// ```swift
/// let gap = BisectGap(metric: .timeToReady, logRatio: log(21))
/// gap.verdict(of: comparison, minBlocks: 4)   // .good, .bad, .between or .undecided
/// ```
public struct BisectGap: Codable, Sendable, Equatable {
    /// The metric.
    public var metric: MetricName
    /// The mean block log-ratio bad/good (positive: the bad commit is slower).
    public var logRatio: Double

    /// Creates a gap.
    public init(metric: MetricName, logRatio: Double) {
        self.metric = metric
        self.logRatio = logRatio
    }

    /// The gaps of the metrics the ends' comparison found regressed.
    public static func gaps(of ends: [MetricComparison]) -> [BisectGap] {
        ends.filter { $0.decision == .regressed && $0.sequence.mean > 0 }.map {
            BisectGap(metric: $0.metric, logRatio: $0.sequence.mean)
        }
    }

    /// The gap as an effect (20 for a bad commit 21 times as slow).
    public var effect: Double { expm1(logRatio) }

    /// The fraction of the gap a log-ratio against the good commit is, in time: 0 at the good
    /// commit, 1 at the bad one, 0.5 for a commit that adds half the time the bad one adds.
    public func fraction(_ logRatio: Double) -> Double { expm1(logRatio) / effect }

    /// The always-valid interval of the candidate's fraction of the gap, or nil before two blocks.
    public func fractionInterval(of comparison: MetricComparison) -> ConfidenceInterval? {
        comparison.sequence.interval.map {
            ConfidenceInterval(lower: fraction($0.lower), upper: fraction($0.upper), level: $0.level)
        }
    }

    /// The verdict the candidate's blocks imply so far: ``BisectVerdict/between`` when the
    /// interval of its fraction lies within a quarter and three quarters of the gap, else
    /// ``BisectVerdict/good`` when it lies below half the gap, ``BisectVerdict/bad`` above,
    /// ``BisectVerdict/undecided`` while it straddles the half-way mark or before `minBlocks`.
    public func verdict(of comparison: MetricComparison, minBlocks: Int) -> BisectVerdict {
        guard comparison.blocks >= minBlocks, let interval = fractionInterval(of: comparison) else {
            return .undecided
        }
        if interval.lower > 0.25, interval.upper < 0.75 { return .between }
        if interval.upper < 0.5 { return .good }
        if interval.lower > 0.5 { return .bad }
        return .undecided
    }

    /// The verdict of a candidate over every gap: bad if any metric is like the bad commit, else
    /// between if any sits between the ends, else undecided if any is, else good.
    public static func verdict(of metrics: [MetricComparison], gaps: [BisectGap], minBlocks: Int) -> BisectVerdict {
        let verdicts = gaps.map { gap in
            metrics.first { $0.metric == gap.metric }.map { gap.verdict(of: $0, minBlocks: minBlocks) } ?? .undecided
        }
        for verdict in [BisectVerdict.bad, .between, .undecided] where verdicts.contains(verdict) { return verdict }
        return .good
    }
}

extension BisectGap {
    /// The blocks after which the candidate's interval would likely be narrow enough to decide,
    /// at the noise seen so far: its half-width shrinks as one over the square root of the blocks,
    /// and it must come within the distance of the candidate's fraction from half the gap (or fit
    /// in the middle half). Nil before two blocks.
    public func blocksToDecide(_ comparison: MetricComparison) -> Int? {
        guard let interval = fractionInterval(of: comparison), comparison.blocks >= 2 else { return nil }
        let halfWidth = (interval.upper - interval.lower) / 2
        let offset = abs(fraction(comparison.sequence.mean) - 0.5)
        let room = offset < 0.25 ? max(offset, 0.25 - offset) : offset
        let ratio = halfWidth / max(room, 1e-9)
        return max(comparison.blocks, Int((Double(comparison.blocks) * ratio * ratio).rounded(.up)))
    }
}
