import LaunchTrace

/// The sequential test of `launchprof compare`: every metric's block log-ratios in an
/// always-valid confidence sequence at `alpha / metrics`, looked at after every block, until
/// every metric is decided (see docs/compare.md).
///
/// ```swift
/// var test = SequentialComparison(metrics: [.timeToFirstFrame], settings: ComparisonSettings())
/// test.add(base: [[.timeToFirstFrame: 100], [.timeToFirstFrame: 101]], head: [[…], […]])
/// test.isDecided
/// ```
package struct SequentialComparison: Codable, Sendable, Equatable {
    /// The settings.
    package let settings: ComparisonSettings
    /// Per metric, in the order asked for.
    package private(set) var metrics: [MetricComparison]

    /// Creates the test of `metrics`.
    package init(metrics: [MetricName], settings: ComparisonSettings) {
        self.settings = settings
        let alpha = settings.alpha(perMetricOf: metrics.count)
        self.metrics = metrics.map { MetricComparison(metric: $0, alpha: alpha, settings: settings) }
    }

    /// Adds one block: the metric values of its two base and two head launches.
    package mutating func add(base: [[MetricName: Double]], head: [[MetricName: Double]]) {
        for index in metrics.indices {
            let name = metrics[index].metric
            metrics[index].add(base: base.compactMap { $0[name] }, head: head.compactMap { $0[name] })
        }
    }

    /// Whether every metric is decided.
    package var isDecided: Bool { metrics.allSatisfy { $0.decision.isDecided } }

    /// The overall decision: regressed if any metric regressed, else inconclusive if any is,
    /// else improved if any improved, else same.
    package var decision: ComparisonDecision {
        let decisions = Set(metrics.map(\.decision))
        for decision in [ComparisonDecision.regressed, .inconclusive, .improved] where decisions.contains(decision) {
            return decision
        }
        return .same
    }
}
