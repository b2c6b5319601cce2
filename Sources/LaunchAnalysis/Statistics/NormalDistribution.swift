import Foundation

/// The standard normal distribution, for the large-sample approximation of rank tests.
public enum NormalDistribution {
    /// The survival function P(Z > z) = erfc(z / √2) / 2, accurate far into the tail.
    public static func survival(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }
}
