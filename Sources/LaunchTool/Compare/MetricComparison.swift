import Foundation
import LaunchTrace

/// The comparison of one metric between base and head so far: the block log-ratios
/// (log of head's faster launch over base's faster launch),
/// their confidence sequence, the effect and the decision.
package struct MetricComparison: Codable, Sendable, Equatable {
    /// The metric.
    package var metric: MetricName
    /// Blocks that measured the metric in all four launches.
    package var blocks: Int { sequence.count }
    /// The decision so far.
    package private(set) var decision: ComparisonDecision = .inconclusive
    /// The mean log-ratio head/base and its always-valid interval.
    package private(set) var sequence: ConfidenceSequence
    /// Base and head samples, in launch order.
    package private(set) var baseSamples: [Double] = []
    /// Head samples, in launch order.
    package private(set) var headSamples: [Double] = []
    private let settings: ComparisonSettings

    /// Creates an empty comparison of `metric`, at error rate `alpha` for this metric.
    package init(metric: MetricName, alpha: Double, settings: ComparisonSettings) {
        self.metric = metric
        self.settings = settings
        sequence = ConfidenceSequence(alpha: alpha, plannedCount: settings.plannedBlocks)
    }

    /// Adds one block: the two base and the two head values of the metric. A block with a
    /// missing or non-positive value is skipped. Once decided, a decision stands.
    package mutating func add(base: [Double], head: [Double]) {
        baseSamples += base
        headSamples += head
        guard base.count == 2, head.count == 2, (base + head).allSatisfy({ $0 > 0 }) else { return }
        // The faster of each build's two launches: interference on a shared machine only adds
        // time, so the minimum keeps a launch that a burst of load hit out of the block.
        sequence.add(log(head.min()!) - log(base.min()!))
        guard !decision.isDecided, blocks >= settings.minBlocks, let interval = sequence.interval else { return }
        decision = ComparisonDecision.decide(interval, margin: settings.margin)
    }

    /// The effect head/base − 1 (0.05 for 5 % slower), from the mean log-ratio.
    package var effect: Double { expm1(sequence.mean) }

    /// The interval of the effect, as fractions, or nil before two blocks.
    package var effectInterval: ConfidenceInterval? {
        sequence.interval.map { ConfidenceInterval(lower: expm1($0.lower), upper: expm1($0.upper), level: $0.level) }
    }
}

extension MetricComparison {
    /// The blocks after which the interval would likely be narrow enough to decide, at the noise
    /// seen so far (its half-width shrinks as one over the square root of the blocks): narrower
    /// than the distance of the mean from zero (to decide a change) or from the margin (to decide
    /// the same), whichever is larger. Nil before two blocks or when the mean sits on both.
    package func blocksToDecide(margin: Double) -> Int? {
        guard blocks >= 2, let interval = sequence.interval else { return nil }
        let halfWidth = (interval.upper - interval.lower) / 2
        let mean = abs(sequence.mean)
        let room = max(mean, margin - mean)
        guard room > 0 else { return nil }
        let ratio = halfWidth / room
        return max(blocks, Int((Double(blocks) * ratio * ratio).rounded(.up)))
    }
}
