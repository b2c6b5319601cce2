import Foundation

/// An always-valid confidence sequence for the mean of independent observations: the
/// asymptotic normal-mixture confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy and
/// Ramdas ("Time-uniform central limit theory and asymptotic confidence sequences", 2021).
///
/// Unlike a fixed-sample interval, the probability that the mean ever leaves *any* of the
/// intervals, however often they are looked at and whenever one stops, is at most
/// ``alpha`` (asymptotically). The width is tightest around ``plannedCount`` observations.
///
/// ```swift
/// var sequence = ConfidenceSequence(alpha: 0.05, plannedCount: 20)
/// for x in logRatios { sequence.add(x) }
/// sequence.interval   // ConfidenceInterval(lower: …, upper: …, level: 0.95)
/// ```
package struct ConfidenceSequence: Codable, Sendable, Equatable {
    /// The error rate over the whole sequence of intervals.
    package let alpha: Double
    /// The number of observations at which the boundary is tightest.
    package let plannedCount: Int
    /// Observations so far.
    package private(set) var count = 0
    /// Their mean.
    package private(set) var mean = 0.0
    private var sumOfSquares = 0.0

    /// Creates an empty sequence.
    package init(alpha: Double, plannedCount: Int) {
        self.alpha = alpha
        self.plannedCount = max(1, plannedCount)
    }

    /// Adds one observation (Welford's update).
    package mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        sumOfSquares += delta * (value - mean)
    }

    /// The sample standard deviation, or nil before two observations.
    package var standardDeviation: Double? {
        count >= 2 ? (sumOfSquares / Double(count - 1)).squareRoot() : nil
    }

    /// The current interval for the mean, or nil before two observations: the boundary times
    /// the standard deviation times the small-sample factor.
    package var interval: ConfidenceInterval? {
        guard let deviation = standardDeviation else { return nil }
        let half =
            deviation * Self.boundary(count: count, alpha: alpha, plannedCount: plannedCount)
            * Self.smallSampleFactor(count: count, alpha: alpha)
        return ConfidenceInterval(lower: mean - half, upper: mean + half, level: 1 - alpha)
    }

    /// The half-width in standard deviations after `count` observations: the two-sided
    /// normal-mixture boundary √(2(tρ²+1)/(t²ρ²) · log(√(tρ²+1)/α)), with ρ chosen so the
    /// boundary is tightest at `plannedCount`.
    package static func boundary(count: Int, alpha: Double, plannedCount: Int) -> Double {
        let t = Double(count)
        let logTerm = -2 * log(alpha)
        let rho2 = (logTerm + log(logTerm + 1)) / Double(max(1, plannedCount))
        let scale = t * rho2 + 1
        return (2 * scale / (t * t * rho2) * log(scale.squareRoot() / alpha)).squareRoot()
    }

    /// Student's t quantile over the normal one at `count − 1` degrees of freedom (by the
    /// Cornish–Fisher expansion): widens the interval while the standard deviation is
    /// estimated from few observations, and tends to 1.
    package static func smallSampleFactor(count: Int, alpha: Double) -> Double {
        let z = NormalDistribution.quantile(1 - alpha / 2)
        let nu = Double(max(1, count - 1))
        let z3 = z * z * z
        let z5 = z3 * z * z
        let z7 = z5 * z * z
        var q = z + (z3 + z) / (4 * nu) + (5 * z5 + 16 * z3 + 3 * z) / (96 * nu * nu)
        q += (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * nu * nu * nu)
        return q / z
    }
}
