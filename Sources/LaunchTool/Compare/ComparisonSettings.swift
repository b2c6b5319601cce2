import Foundation

/// The statistical settings of a comparison between two builds.
package struct ComparisonSettings: Codable, Sendable, Equatable {
    /// The allowed effect as a fraction (0.02 for 2 %): within it the builds are the same.
    package var minEffect: Double
    /// The error rate of all metrics together, split evenly between them (Bonferroni).
    package var alpha: Double
    /// Blocks (of four launches, two per build) before any metric is decided.
    package var minBlocks: Int
    /// Blocks at which the confidence sequences are tightest.
    package var plannedBlocks: Int

    /// Creates settings; the defaults are those of `launchprof compare`.
    package init(minEffect: Double = 0.02, alpha: Double = 0.05, minBlocks: Int = 4, plannedBlocks: Int = 15) {
        self.minEffect = minEffect
        self.alpha = alpha
        self.minBlocks = minBlocks
        self.plannedBlocks = plannedBlocks
    }

    /// The allowed effect as a log-ratio.
    package var margin: Double { log(1 + minEffect) }

    /// The error rate each of `count` metrics is tested at: `alpha` split evenly (Bonferroni).
    package func alpha(perMetricOf count: Int) -> Double {
        alpha / Double(max(1, count))
    }
}
