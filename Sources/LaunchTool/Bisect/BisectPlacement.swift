import Foundation
import LaunchTrace

/// Where a bisect candidate sits between the two ends in one metric, measured beside them: each
/// block launches the good commit, the candidate and the bad commit twice each, so the gap a
/// step reads the candidate against is the gap of the machine at that moment, not the one the
/// ends showed earlier (a loaded runner stretches a fast program's time but not an added sleep,
/// and a gap measured once carries its own error into every step).
///
/// A fraction φ of the gap (0 at the good commit, 1 at the bad one, in time) is tested by a
/// contrast: in each block, the log of the candidate's faster launch over the mixture
/// (1 − φ)·good + φ·bad of the ends' faster launches, in an always-valid confidence sequence.
/// The candidate is like the good commit when the contrast at half the gap lies below zero, like
/// the bad one when above, between them when it lies above the quarter's and below the three
/// quarters' contrast; each at the step's error rate, whatever the error of the gap.
///
/// ```swift
/// var placement = BisectPlacement(metric: .timeToReady, alpha: 0.0125, plannedBlocks: 15)
/// placement.add(good: [1.0, 1.1], candidate: [21.0, 21.3], bad: [21.1, 21.2])
/// placement.verdict(minBlocks: 4)   // .bad once four blocks say so
/// ```
package struct BisectPlacement: Codable, Sendable, Equatable {
    /// The faster launch of each build in one block.
    package struct Block: Codable, Sendable, Equatable {
        /// The good commit's faster launch.
        package var good: Double
        /// The candidate's faster launch.
        package var candidate: Double
        /// The bad commit's faster launch.
        package var bad: Double
    }

    /// The metric.
    package var metric: MetricName
    /// The error rate of each contrast's confidence sequence.
    package var alpha: Double
    /// The blocks at which the sequences are tightest.
    package var plannedBlocks: Int
    /// The blocks with all six launches measured, in order.
    package private(set) var blocks: [Block] = []
    /// The candidate's fraction of the gap, from the contrasts' means (nil before a block).
    package private(set) var fraction: Double?
    /// Its always-valid interval (nil before two blocks); the ends of the searched range,
    /// −100 % and 200 %, stand for "beyond".
    package private(set) var fractionInterval: ConfidenceInterval?
    /// The gap in these blocks: the bad commit's time over the good one's, minus 1.
    package private(set) var gapEffect: Double = 0

    /// Creates an empty placement.
    package init(metric: MetricName, alpha: Double, plannedBlocks: Int) {
        self.metric = metric
        self.alpha = alpha
        self.plannedBlocks = plannedBlocks
    }

    /// Adds one block: two launches of each build. A block with a missing or non-positive
    /// value is skipped.
    package mutating func add(good: [Double], candidate: [Double], bad: [Double]) {
        let values = good + candidate + bad
        guard good.count == 2, candidate.count == 2, bad.count == 2, values.allSatisfy({ $0 > 0 }) else { return }
        blocks.append(Block(good: good.min()!, candidate: candidate.min()!, bad: bad.min()!))
        gapEffect = expm1(blocks.map { log($0.bad) - log($0.good) }.reduce(0, +) / Double(blocks.count))
        fraction = root { contrast($0).mean }
        // The fractions whose contrast's interval holds zero: from where its lower end crosses zero
        // to where its upper end does (both decrease as the mixture moves towards the bad commit).
        fractionInterval =
            blocks.count < 2
            ? nil
            : ConfidenceInterval(
                lower: root { contrast($0).interval?.lower ?? 0 }, upper: root { contrast($0).interval?.upper ?? 0 },
                level: 1 - alpha)
    }

    /// The confidence sequence of the candidate against the mixture `fraction` of the way from
    /// the good commit to the bad one.
    package func contrast(_ fraction: Double) -> ConfidenceSequence {
        var sequence = ConfidenceSequence(alpha: alpha, plannedCount: plannedBlocks)
        for block in blocks {
            // Beyond the ends a mixture can reach zero: the candidate is then far above it (a
            // millionfold stands for "beyond", keeping the sequence finite).
            let mixture = max((1 - fraction) * block.good + fraction * block.bad, block.candidate * 1e-6)
            sequence.add(log(block.candidate) - log(mixture))
        }
        return sequence
    }

    /// The fraction in −1 … 2 where `value` (decreasing in the fraction) crosses zero, by
    /// bisection; an end of the range when it does not cross within it.
    private func root(_ value: (Double) -> Double) -> Double {
        var (low, high) = (-1.0, 2.0)
        if value(low) <= 0 { return low }
        if value(high) >= 0 { return high }
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if value(middle) > 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

extension BisectPlacement {
    /// The verdict the blocks imply so far: ``BisectVerdict/between`` when the candidate is
    /// above a quarter of the gap and below three quarters, else ``BisectVerdict/good`` when it is
    /// below half the gap, ``BisectVerdict/bad`` above, ``BisectVerdict/undecided`` while it
    /// may be on either side of half the gap or before `minBlocks`.
    package func verdict(minBlocks: Int) -> BisectVerdict {
        guard blocks.count >= minBlocks, let half = contrast(0.5).interval else { return .undecided }
        if let quarter = contrast(0.25).interval?.lower, let threeQuarters = contrast(0.75).interval?.upper,
            quarter > 0, threeQuarters < 0
        {
            return .between
        }
        if half.upper < 0 { return .good }
        if half.lower > 0 { return .bad }
        return .undecided
    }

    /// The verdict over every metric: bad if any metric is like the bad commit, else between
    /// if any sits between the ends, else undecided if any is, else good (none: undecided).
    package static func verdict(of placements: [BisectPlacement], minBlocks: Int) -> BisectVerdict {
        let verdicts = placements.map { $0.verdict(minBlocks: minBlocks) }
        guard !verdicts.isEmpty else { return .undecided }
        for verdict in [BisectVerdict.bad, .between, .undecided] where verdicts.contains(verdict) { return verdict }
        return .good
    }

    /// The blocks after which the interval would likely be narrow enough to decide, at the noise
    /// seen so far: its half-width shrinks as one over the square root of the blocks, and it must
    /// come within the distance of the candidate's fraction from half the gap (or fit in the
    /// middle half). Nil before two blocks.
    package var blocksToDecide: Int? {
        guard let interval = fractionInterval, let fraction, blocks.count >= 2 else { return nil }
        let halfWidth = (interval.upper - interval.lower) / 2
        let offset = abs(fraction - 0.5)
        let room = offset < 0.25 ? max(offset, 0.25 - offset) : offset
        let ratio = halfWidth / max(room, 1e-9)
        return max(blocks.count, Int((Double(blocks.count) * ratio * ratio).rounded(.up)))
    }
}
