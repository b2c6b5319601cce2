import Foundation
import LaunchTrace

/// The gap between a bisect's two ends in one metric: the mean block log-ratio of the bad
/// commit over the good one, measured before any candidate. Its metrics are those every step
/// places its candidate in (``BisectPlacement``, beside both ends again); its size is the one the
/// bisect reports.
///
/// ```swift
/// let gap = BisectGap(metric: .timeToReady, logRatio: log(21))
/// gap.effect   // 20: the bad commit 21 times as slow
/// ```
package struct BisectGap: Codable, Sendable, Equatable {
    /// The metric.
    package var metric: MetricName
    /// The mean block log-ratio bad/good (positive: the bad commit is slower).
    package var logRatio: Double

    /// Creates a gap.
    package init(metric: MetricName, logRatio: Double) {
        self.metric = metric
        self.logRatio = logRatio
    }

    /// The gaps of the metrics the ends' comparison found regressed.
    package static func gaps(of ends: [MetricComparison]) -> [BisectGap] {
        ends.filter { $0.decision == .regressed && $0.sequence.mean > 0 }.map {
            BisectGap(metric: $0.metric, logRatio: $0.sequence.mean)
        }
    }

    /// The gap as an effect (20 for a bad commit 21 times as slow).
    package var effect: Double { expm1(logRatio) }
}
