/// Percentile bootstrap confidence intervals with a seeded generator, so the same
/// samples always give the same interval.
///
/// Each of ``resamples`` resamples draws `n` samples with replacement (``SplitMix64``,
/// seeded with ``seed`` afresh for every interval), the statistic is computed on it, and the
/// interval is the (1 − level)/2 and (1 + level)/2 percentiles of those values.
///
/// ```swift
/// let ci = Bootstrap().confidenceInterval(for: .median, of: samples)
/// ```
public struct Bootstrap: Codable, Sendable, Equatable {
    /// The seed used unless one is given.
    public static let defaultSeed: UInt64 = 0x5EED

    /// Number of resamples; 2,000 by default.
    public var resamples: Int
    /// Confidence level; 0.95 by default.
    public var confidence: Double
    /// Seed of the generator.
    public var seed: UInt64

    /// Creates a bootstrap configuration.
    public init(resamples: Int = 2_000, confidence: Double = 0.95, seed: UInt64 = Bootstrap.defaultSeed) {
        precondition(resamples > 0, "A bootstrap needs at least one resample.")
        precondition(confidence > 0 && confidence < 1, "The confidence level must be between 0 and 1.")
        self.resamples = resamples
        self.confidence = confidence
        self.seed = seed
    }

    /// The interval for one of the budget statistics.
    ///
    /// - Precondition: `samples` is not empty.
    public func confidenceInterval(for statistic: Statistic, of samples: [Double]) -> ConfidenceInterval {
        confidenceInterval(of: samples) { statistic.compute(sorted: $0) }
    }

    /// The interval for any statistic; `statistic` receives each resample sorted ascending.
    ///
    /// - Precondition: `samples` is not empty.
    public func confidenceInterval(of samples: [Double], statistic: ([Double]) -> Double) -> ConfidenceInterval {
        precondition(!samples.isEmpty, "A bootstrap needs at least one sample.")
        var rng = SplitMix64(seed: seed)
        let n = samples.count
        var values = [Double]()
        values.reserveCapacity(resamples)
        var draw = [Double](repeating: 0, count: n)
        for _ in 0..<resamples {
            for i in 0..<n { draw[i] = samples[rng.nextIndex(below: n)] }
            draw.sort()
            values.append(statistic(draw))
        }
        values.sort()
        let alpha = (1 - confidence) / 2
        return ConfidenceInterval(
            lower: Descriptive.percentile(sorted: values, 100 * alpha),
            upper: Descriptive.percentile(sorted: values, 100 * (1 - alpha)),
            level: confidence
        )
    }
}
