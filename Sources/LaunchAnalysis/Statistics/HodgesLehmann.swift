/// The Hodges–Lehmann estimate of the shift between two samples: the median of all
/// pairwise differences `y[j] − x[i]`. Robust, and the natural companion of the
/// Mann–Whitney U test.
///
/// ```swift
/// HodgesLehmann.shift(from: [1, 2, 3], to: [11, 12, 13])   // 10
/// ```
public enum HodgesLehmann {
    /// How much larger `y` is than `x`: median of `y[j] − x[i]` over every pair.
    ///
    /// - Precondition: both samples are non-empty.
    public static func shift(from x: [Double], to y: [Double]) -> Double {
        precondition(!x.isEmpty && !y.isEmpty, "A shift needs two non-empty samples.")
        var differences = [Double]()
        differences.reserveCapacity(x.count * y.count)
        for b in y { for a in x { differences.append(b - a) } }
        return Descriptive.median(differences)
    }
}
