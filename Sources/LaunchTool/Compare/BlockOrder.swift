/// The randomised balanced order of a comparison's launches: blocks of four, ABBA or BAAB
/// chosen by a seeded coin, so both builds see the same machine and a linear drift within a
/// block cancels out of the block's log-ratio (blocks of six with a bisect's reference).
///
/// ```swift
/// var order = BlockOrder(seed: 42)
/// order.next()   // [.head, .base, .base, .head]
/// ```
package struct BlockOrder: Sendable {
    private var generator: SplitMix64

    /// Creates the order of `seed`.
    package init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next block.
    package mutating func next() -> [ComparisonBuild] {
        generator.next() & 1 == 0 ? [.base, .head, .head, .base] : [.head, .base, .base, .head]
    }

    /// The next block of a bisect step, with the reference: six launches, the three builds in a
    /// seeded order and then in its mirror (base, reference, head, head, reference, base), so a
    /// linear drift within the block cancels out of each build's pair.
    package mutating func nextWithReference() -> [ComparisonBuild] {
        var builds: [ComparisonBuild] = [.base, .head, .reference]
        builds.shuffle(using: &generator)
        return builds + builds.reversed()
    }
}
