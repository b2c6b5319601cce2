/// The summary statistics of one metric's samples.
///
/// ```swift
/// let stats = SampleStatistics(samples: [410e6, 402e6, 398e6])
/// stats.median   // 402e6
/// ```
package struct SampleStatistics: Codable, Sendable, Equatable {
    /// Number of samples.
    package var n: Int
    /// Smallest sample.
    package var min: Double
    /// Median (the mean of the two middle samples when `n` is even).
    package var median: Double
    /// Arithmetic mean.
    package var mean: Double
    /// 90th percentile, linear interpolation.
    package var p90: Double
    /// 95th percentile, linear interpolation.
    package var p95: Double
    /// 99th percentile, linear interpolation.
    package var p99: Double
    /// Largest sample.
    package var max: Double
    /// Sample standard deviation (n − 1); `nil` when `n` is 1.
    package var standardDeviation: Double?
    /// Unscaled median absolute deviation.
    package var mad: Double
    /// The median absolute deviation × 1.4826, comparable to a standard deviation.
    package var scaledMAD: Double

    /// Computes the statistics of a non-empty sample.
    ///
    /// - Precondition: `samples` is not empty.
    package init(samples: [Double]) {
        precondition(!samples.isEmpty, "Statistics need at least one sample.")
        let sorted = samples.sorted()
        n = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = Descriptive.median(sorted: sorted)
        mean = Descriptive.mean(sorted)
        p90 = Descriptive.percentile(sorted: sorted, 90)
        p95 = Descriptive.percentile(sorted: sorted, 95)
        p99 = Descriptive.percentile(sorted: sorted, 99)
        standardDeviation = Descriptive.standardDeviation(sorted)
        mad = Descriptive.medianAbsoluteDeviation(sorted)
        scaledMAD = mad * Descriptive.madNormalScale
    }
}
