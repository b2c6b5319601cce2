/// A summary statistic a budget rule can constrain.
///
/// ```swift
/// let p90 = Statistic(rawValue: "p90")!   // .p90
/// p90.value(in: SampleStatistics(samples: [1, 2, 3]))
/// ```
package enum Statistic: String, Codable, Sendable, CaseIterable {
    /// The smallest sample.
    case min
    /// The 50th percentile.
    case median
    /// The arithmetic mean.
    case mean
    /// The 90th percentile (linear interpolation, numpy's default).
    case p90
    /// The 95th percentile.
    case p95
    /// The 99th percentile.
    case p99
    /// The largest sample.
    case max

    /// Computes the statistic of samples that are already sorted ascending.
    ///
    /// - Precondition: `sorted` is not empty.
    package func compute(sorted: [Double]) -> Double {
        switch self {
        case .min: sorted[0]
        case .max: sorted[sorted.count - 1]
        case .mean: Descriptive.mean(sorted)
        case .median: Descriptive.percentile(sorted: sorted, 50)
        case .p90: Descriptive.percentile(sorted: sorted, 90)
        case .p95: Descriptive.percentile(sorted: sorted, 95)
        case .p99: Descriptive.percentile(sorted: sorted, 99)
        }
    }

    /// Reads the statistic from precomputed statistics.
    package func value(in statistics: SampleStatistics) -> Double {
        switch self {
        case .min: statistics.min
        case .median: statistics.median
        case .mean: statistics.mean
        case .p90: statistics.p90
        case .p95: statistics.p95
        case .p99: statistics.p99
        case .max: statistics.max
        }
    }
}
