import Foundation

/// Confidence intervals that need no resampling, for large samples (see
/// ``Bootstrap/largeSampleCount``):
///
/// - a quantile `q` (median, p90, p95, p99): the distribution-free order-statistic interval
///   `[x(l), x(u)]`, with ranks `n·q ∓ z·√(n·q·(1−q))` from the normal approximation of the
///   binomial count of samples below the quantile (Conover, *Practical Nonparametric
///   Statistics*, 3rd ed., section 3.2);
/// - the mean: `mean ± z·s/√n`.
///
/// `min` and `max` have no such interval and are resampled.
package enum LargeSampleInterval {
    /// The interval of `statistic` over `sorted` samples, or nil for `min` and `max`.
    package static func interval(for statistic: Statistic, sorted: [Double], confidence: Double) -> ConfidenceInterval?
    {
        let n = sorted.count
        guard n > 1 else { return nil }
        let z = NormalDistribution.quantile(0.5 + confidence / 2)
        let q: Double
        switch statistic {
        case .median: q = 0.5
        case .p90: q = 0.9
        case .p95: q = 0.95
        case .p99: q = 0.99
        case .mean:
            let mean = Descriptive.mean(sorted)
            let variance = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
            let half = z * (variance / Double(n)).squareRoot()
            return ConfidenceInterval(lower: mean - half, upper: mean + half, level: confidence)
        case .min, .max:
            return nil
        }
        let center = Double(n) * q
        let spread = z * (center * (1 - q)).squareRoot()
        // 1-based ranks, clamped to the sample.
        let lower = Swift.max(1, Int((center - spread).rounded(.down)))
        let upper = Swift.min(n, Int((center + spread).rounded(.up)) + 1)
        return ConfidenceInterval(lower: sorted[lower - 1], upper: sorted[upper - 1], level: confidence)
    }
}
