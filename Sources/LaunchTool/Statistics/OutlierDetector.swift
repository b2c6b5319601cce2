/// Flags samples far from the median: outside median ± 3 × scaled MAD.
///
/// The rule is robust (one wild launch does not widen the fences, unlike mean ± 3σ) and
/// works for small runs. When the MAD is 0 (at least half the samples are equal), no
/// spread can be estimated and nothing is flagged.
///
/// ```swift
/// OutlierDetector().outlierIndices(in: [100, 101, 99, 160])   // [3]
/// ```
package struct OutlierDetector: Codable, Sendable, Equatable {
    /// How many scaled MADs from the median a sample may be; 3 by default.
    package var threshold: Double

    /// Creates a detector.
    package init(threshold: Double = 3) { self.threshold = threshold }

    /// Positions in `samples` of the outliers, ascending.
    package func outlierIndices(in samples: [Double]) -> [Int] {
        guard samples.count > 2 else { return [] }
        let median = Descriptive.median(samples)
        let scaled = Descriptive.medianAbsoluteDeviation(samples) * Descriptive.madNormalScale
        guard scaled > 0 else { return [] }
        return samples.indices.filter { Swift.abs(samples[$0] - median) > threshold * scaled }
    }
}
