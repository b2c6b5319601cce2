import Foundation

/// Student's two-sample t-test with pooled variance, from means and standard deviations, as
/// Apache Otava's `TTestSignificanceTester` calls `scipy.stats.ttest_ind_from_stats`.
enum StudentT {
    /// The two-sided p-value that samples of sizes `n1`, `n2` with these means and (population)
    /// standard deviations come from one distribution; 1 when there are 2 values or fewer, or
    /// no spread and equal means; 0 for unequal means without spread.
    static func twoSidedPValue(mean1: Double, sd1: Double, n1: Int, mean2: Double, sd2: Double, n2: Int) -> Double {
        guard n1 + n2 > 2 else { return 1 }
        let df = Double(n1 + n2 - 2)
        let pooled = ((Double(n1) - 1) * sd1 * sd1 + (Double(n2) - 1) * sd2 * sd2) / df
        let denominator = (pooled * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        guard denominator > 0 else { return mean1 == mean2 ? 1 : 0 }
        let t = (mean1 - mean2) / denominator
        return regularizedIncompleteBeta(x: df / (df + t * t), a: df / 2, b: 0.5)
    }

    /// I_x(a, b), by the continued fraction (Numerical Recipes `betai`).
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logPowers - logBeta
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// The continued fraction of the incomplete beta function (modified Lentz).
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var h = d
        for m in 1...300 {
            let m = Double(m)
            let even: Double = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            let odd: Double = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            for numerator in [even, odd] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                if abs(c) < tiny { c = tiny }
                h *= d * c
            }
            if abs(d * c - 1) < 1e-15 { break }
        }
        return h
    }
}
