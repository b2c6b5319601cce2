import Foundation
import LaunchTool

/// Seeded nightly series: a base level with Gaussian noise and steps.
struct SyntheticSeries {
    /// The generator.
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A standard normal value (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = max(Double(random.next() >> 11) / Double(1 << 53), 1e-300)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// `count` nights around `base` with relative noise `noise`; `steps` multiply the level from a night on.
    mutating func nights(
        _ count: Int, base: Double = 100, noise: Double = 0.03, steps: [(night: Int, factor: Double)] = []
    ) -> [Double] {
        (0..<count).map { night in
            let level = steps.filter { night >= $0.night }.reduce(base) { $0 * $1.factor }
            return level * (1 + noise * gaussian())
        }
    }
}
