/// The two-sided Mann–Whitney U test with the normal approximation, tie correction and
/// continuity correction: the same U and p as
/// `scipy.stats.mannwhitneyu(x, y, alternative='two-sided', method='asymptotic')`.
///
/// ```swift
/// let test = MannWhitneyU(x: baseline, y: current)
/// if test.pValue < 0.05 { print("the distributions differ") }
/// ```
package struct MannWhitneyU: Codable, Sendable, Equatable {
    /// U statistic of the first sample `x` (scipy's `statistic`).
    package var u: Double
    /// The standardized statistic used for the p-value (of max(U₁, U₂), continuity-corrected).
    package var z: Double
    /// Two-sided p-value; 1 when every sample is tied.
    package var pValue: Double

    /// Runs the test on two non-empty samples.
    ///
    /// - Precondition: both samples are non-empty.
    package init(x: [Double], y: [Double]) {
        precondition(!x.isEmpty && !y.isEmpty, "The Mann-Whitney U test needs two non-empty samples.")
        let n1 = Double(x.count)
        let n2 = Double(y.count)
        let ranked = Self.ranks(x + y)
        let r1 = ranked.ranks[0..<x.count].reduce(0, +)
        let u1 = r1 - n1 * (n1 + 1) / 2
        let u2 = n1 * n2 - u1
        let n = n1 + n2
        let mu = n1 * n2 / 2
        let s = (n1 * n2 / 12 * ((n + 1) - ranked.tieTerm / (n * (n - 1)))).squareRoot()
        u = u1
        guard s > 0 else {
            z = 0
            pValue = 1
            return
        }
        z = (Swift.max(u1, u2) - mu - 0.5) / s
        pValue = Swift.min(1, Swift.max(0, 2 * NormalDistribution.survival(z)))
    }

    /// Average ranks (1-based, ties get the mean of their ranks) and Σ(t³ − t) over tie groups.
    static func ranks(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let average = Double(start + end + 2) / 2
            for k in start...end { ranks[order[k]] = average }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        return (ranks, tieTerm)
    }
}
