/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast, seedable generator, so
/// bootstrap intervals are the same on every run and every machine.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let i = rng.nextIndex(below: 10)
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<count`: the high word of `next() × count` (Lemire), which the
    /// fixture script replicates exactly.
    package mutating func nextIndex(below count: Int) -> Int {
        precondition(count > 0, "The range must not be empty.")
        return Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }
}
