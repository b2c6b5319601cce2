import LaunchTrace

extension LinePattern {
    /// One line matched as it arrives, in pieces: whatever the line's length, the memory is the
    /// pattern's size and the time linear in the line's length. `$` (and `\b` at the end) is
    /// decided only when ``finish(shouldStop:)`` says the line ended.
    ///
    /// ```swift
    /// var matcher = LinePattern.Matcher(try LinePattern("^a+$"))
    /// matcher.feed([0x61, 0x61])                  // false: the line is not over
    /// matcher.feed([0x62])
    /// matcher.finish()                            // false: the line is "aab"
    /// ```
    package struct Matcher: Sendable {
        private var machine: Machine
        /// Scalars fed since `shouldStop` was last asked.
        private var sinceAsked = 0

        /// A matcher at the start of a line.
        package init(_ pattern: LinePattern) {
            machine = Machine(pattern: pattern)
        }

        /// Whether the line fed so far matched already (whatever follows).
        package var hasMatched: Bool { machine.matched }

        /// Feeds the line's next scalars; true once some part of the line matched (without `$`
        /// at the end: that waits for ``finish(shouldStop:)``), nil when `shouldStop` (asked every
        /// 1024 scalars) returned true first: the rest of `scalars` was not fed.
        @discardableResult
        package mutating func feed(_ scalars: some Sequence<UInt32>, shouldStop: () -> Bool = { false }) -> Bool? {
            for scalar in scalars {
                if machine.matched { return true }
                sinceAsked += 1
                if sinceAsked >= 1024 {
                    sinceAsked = 0
                    if shouldStop() { return nil }
                }
                machine.feed(scalar)
            }
            return machine.matched
        }

        /// Whether the line fed so far matches whatever comes after it: true when a match needs
        /// no look at what follows (`ready` on `ready`, not `ready$`). Feeding may go on.
        package mutating func matchesWhateverFollows() -> Bool {
            machine.matchesWhateverFollows()
        }

        /// The line ended: whether it matched, `$` holding here.
        @discardableResult
        package mutating func finish() -> Bool {
            machine.finish()
        }
    }
}
