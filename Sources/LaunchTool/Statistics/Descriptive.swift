/// Descriptive statistics of a sample, written here because no Swift statistics
/// library is available to the tool. Each function matches numpy/scipy's
/// definition, as the tests check against values computed with them.
///
/// ```swift
/// Descriptive.percentile(sorted: [1, 2, 3, 4], 90)   // 3.7, like numpy.percentile
/// ```
package enum Descriptive {
    /// The scale that turns the median absolute deviation into a consistent estimate of
    /// the standard deviation of normal data: 1 / Φ⁻¹(3/4) ≈ 1.4826 (scipy's `scale='normal'`).
    package static let madNormalScale = 1.482602218505602

    /// The `q`-th percentile (0…100) of samples sorted ascending, with numpy's default
    /// linear interpolation (Hyndman and Fan type 7): `h = (n - 1) q / 100`.
    ///
    /// - Precondition: `sorted` is not empty.
    package static func percentile(sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "A percentile needs at least one sample.")
        let h = Double(sorted.count - 1) * (Swift.min(Swift.max(q, 0), 100) / 100)
        let lower = Int(h.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let t = h - Double(lower)
        let a = sorted[lower]
        let b = sorted[upper]
        // numpy's _lerp: interpolate from the nearer end for accuracy.
        let difference = b - a
        return t >= 0.5 ? b - difference * (1 - t) : a + difference * t
    }

    /// The median of samples sorted ascending: the mean of the two middle values when
    /// the count is even (like `numpy.median`).
    package static func median(sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "A median needs at least one sample.")
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// The median of unsorted samples.
    package static func median(_ samples: [Double]) -> Double { median(sorted: samples.sorted()) }

    /// The arithmetic mean.
    package static func mean(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty, "A mean needs at least one sample.")
        return samples.reduce(0, +) / Double(samples.count)
    }

    /// The sample standard deviation (divisor n − 1), or `nil` for fewer than two samples.
    package static func standardDeviation(_ samples: [Double]) -> Double? {
        guard samples.count > 1 else { return nil }
        let m = mean(samples)
        let squares = samples.reduce(0) { $0 + ($1 - m) * ($1 - m) }
        return (squares / Double(samples.count - 1)).squareRoot()
    }

    /// The unscaled median absolute deviation: `median(|x - median(x)|)`
    /// (scipy's `median_abs_deviation` with `scale=1`).
    package static func medianAbsoluteDeviation(_ samples: [Double]) -> Double {
        let m = median(samples)
        return median(samples.map { Swift.abs($0 - m) })
    }
}
