import LaunchAnalysis

/// The randomised balanced order of a comparison's launches: blocks of four, ABBA or BAAB
/// chosen by a seeded coin, so both builds see the same machine and a linear drift within a
/// block cancels out of the block's log-ratio.
///
/// ```swift
/// var order = BlockOrder(seed: 42)
/// order.next()   // [.head, .base, .base, .head]
/// ```
public struct BlockOrder: Sendable {
    private var generator: SplitMix64

    /// Creates the order of `seed`.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next block.
    public mutating func next() -> [ComparisonBuild] {
        generator.next() & 1 == 0 ? [.base, .head, .head, .base] : [.head, .base, .base, .head]
    }
}
