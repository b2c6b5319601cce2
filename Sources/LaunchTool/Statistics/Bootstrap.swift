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
package struct Bootstrap: Codable, Sendable, Equatable {
    /// The seed used unless one is given.
    package static let defaultSeed: UInt64 = 0x5EED

    /// Number of resamples; 2,000 by default.
    package var resamples: Int
    /// Confidence level; 0.95 by default.
    package var confidence: Double
    /// Seed of the generator.
    package var seed: UInt64

    /// Creates a bootstrap configuration.
    package init(resamples: Int = 2_000, confidence: Double = 0.95, seed: UInt64 = Bootstrap.defaultSeed) {
        precondition(resamples > 0, "A bootstrap needs at least one resample.")
        precondition(confidence > 0 && confidence < 1, "The confidence level must be between 0 and 1.")
        self.resamples = resamples
        self.confidence = confidence
        self.seed = seed
    }

    /// The interval for one of the budget statistics.
    ///
    /// - Precondition: `samples` is not empty.
    package func confidenceInterval(for statistic: Statistic, of samples: [Double]) -> ConfidenceInterval {
        confidenceIntervals(for: [statistic], of: samples)[statistic]!
    }

    /// Intervals for several statistics from the same resamples (cheaper than one call per
    /// statistic, and identical to it: every call starts from the same seed).
    ///
    /// - Precondition: `samples` is not empty.
    package func confidenceIntervals(for statistics: [Statistic], of samples: [Double]) -> [Statistic:
        ConfidenceInterval]
    {
        // Large samples: quantiles get the distribution-free order-statistic interval and the
        // mean the normal one. Both are what the bootstrap converges to there, and they cost
        // a sort instead of thousands of resamples (1,000 traces must check in under a second).
        var result: [Statistic: ConfidenceInterval] = [:]
        var resampled: [Statistic] = []
        if samples.count >= Self.largeSampleCount {
            let sorted = samples.sorted()
            for statistic in statistics {
                if let interval = LargeSampleInterval.interval(for: statistic, sorted: sorted, confidence: confidence) {
                    result[statistic] = interval
                } else {
                    resampled.append(statistic)
                }
            }
        } else {
            resampled = statistics
        }
        if !resampled.isEmpty {
            let intervals = confidenceIntervals(
                of: samples, statistics: resampled.map { statistic in { statistic.compute(sorted: $0) } })
            for (statistic, interval) in zip(resampled, intervals) where result[statistic] == nil {
                result[statistic] = interval
            }
        }
        return result
    }

    /// From this many samples on, quantiles and the mean use closed-form intervals
    /// (``LargeSampleInterval``) instead of resampling.
    package static let largeSampleCount = 200

    /// The interval for any statistic; `statistic` receives each resample sorted ascending.
    ///
    /// - Precondition: `samples` is not empty.
    package func confidenceInterval(of samples: [Double], statistic: ([Double]) -> Double) -> ConfidenceInterval {
        withoutActuallyEscaping(statistic) { confidenceIntervals(of: samples, statistics: [$0])[0] }
    }

    /// Intervals for several statistics computed on the same resamples, in order.
    ///
    /// Each resample is drawn by index from `samples` in their given order and handed to the
    /// statistics sorted. It is sorted without comparisons: the draws are counted per rank of
    /// the sorted samples and expanded, which keeps the bootstrap linear in `n`.
    ///
    /// - Precondition: `samples` is not empty.
    package func confidenceIntervals(of samples: [Double], statistics: [([Double]) -> Double]) -> [ConfidenceInterval] {
        precondition(!samples.isEmpty, "A bootstrap needs at least one sample.")
        let n = samples.count
        let order = samples.indices.sorted { (samples[$0], $0) < (samples[$1], $1) }
        let sorted = order.map { samples[$0] }
        var rank = [Int](repeating: 0, count: n)
        for (position, index) in order.enumerated() { rank[index] = position }

        var rng = SplitMix64(seed: seed)
        var values = [[Double]](repeating: [], count: statistics.count)
        for i in values.indices { values[i].reserveCapacity(resamples) }
        var counts = [Int](repeating: 0, count: n)
        var draw = [Double](repeating: 0, count: n)
        for _ in 0..<resamples {
            for i in 0..<n { counts[i] = 0 }
            for _ in 0..<n { counts[rank[rng.nextIndex(below: n)]] += 1 }
            var k = 0
            for position in 0..<n {
                for _ in 0..<counts[position] {
                    draw[k] = sorted[position]
                    k += 1
                }
            }
            for (i, statistic) in statistics.enumerated() { values[i].append(statistic(draw)) }
        }
        let alpha = (1 - confidence) / 2
        return values.map { series in
            let ordered = series.sorted()
            return ConfidenceInterval(
                lower: Descriptive.percentile(sorted: ordered, 100 * alpha),
                upper: Descriptive.percentile(sorted: ordered, 100 * (1 - alpha)),
                level: confidence
            )
        }
    }
}
