/// The Hodges–Lehmann estimate of the shift between two samples: the median of all
/// pairwise differences `y[j] − x[i]`. Robust, and the natural companion of the
/// Mann–Whitney U test.
///
/// ```swift
/// HodgesLehmann.shift(from: [1, 2, 3], to: [11, 12, 13])   // 10
/// ```
package enum HodgesLehmann {
    /// How much larger `y` is than `x`: median of `y[j] − x[i]` over every pair.
    ///
    /// - Precondition: both samples are non-empty.
    package static func shift(from x: [Double], to y: [Double]) -> Double {
        precondition(!x.isEmpty && !y.isEmpty, "A shift needs two non-empty samples.")
        var differences = [Double]()
        differences.reserveCapacity(x.count * y.count)
        for b in y { for a in x { differences.append(b - a) } }
        return Descriptive.median(differences)
    }

    /// The distribution-free confidence interval of the shift from `x` to `y` (Moses's, from
    /// the Mann–Whitney U distribution's normal approximation): the k-th smallest and k-th
    /// largest pairwise difference. Nil when the samples are too small for `confidence`.
    ///
    /// ```swift
    /// HodgesLehmann.interval(from: base, to: head, confidence: 0.95)   // 0.41 ms … 0.88 ms
    /// ```
    package static func interval(from x: [Double], to y: [Double], confidence: Double = 0.95) -> ConfidenceInterval? {
        guard !x.isEmpty, !y.isEmpty else { return nil }
        let n1 = Double(x.count)
        let n2 = Double(y.count)
        let z = NormalDistribution.quantile(1 - (1 - confidence) / 2)
        let k = Int((n1 * n2 / 2 - z * (n1 * n2 * (n1 + n2 + 1) / 12).squareRoot()).rounded(.down))
        guard k >= 1 else { return nil }
        var differences = [Double]()
        differences.reserveCapacity(x.count * y.count)
        for b in y { for a in x { differences.append(b - a) } }
        differences.sort()
        return ConfidenceInterval(
            lower: differences[k - 1], upper: differences[differences.count - k], level: confidence)
    }
}
