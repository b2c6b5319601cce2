import LaunchTrace

extension LinePattern {
    /// A set of Unicode scalars: ranges and named classes (``NamedClass``: `\d`, `\W`…), the
    /// whole possibly negated (`[^…]`). A named class is kept as such inside brackets, so `[\W]`
    /// is `\W` and `[^\W]` is `\w`.
    struct ScalarClass: Equatable, Sendable {
        var ranges: [ClosedRange<UInt32>]
        var named: [NamedClass] = []
        var negated = false

        /// Any scalar but a newline (`.`).
        static let any = ScalarClass(ranges: [10...10], negated: true)

        /// One scalar.
        static func single(_ value: UInt32) -> ScalarClass { ScalarClass(ranges: [value...value]) }

        /// A named class alone (`\d` outside brackets).
        static func named(_ named: NamedClass) -> ScalarClass { ScalarClass(ranges: [], named: [named]) }

        /// Whether `value` is in the class; with `ignoringCase`, its other ASCII case counts too.
        func contains(_ value: UInt32, ignoringCase: Bool) -> Bool {
            var inside = includes(value)
            if !inside, ignoringCase, let other = Self.otherCase(value) {
                inside = includes(other)
            }
            return inside != negated
        }

        private func includes(_ value: UInt32) -> Bool {
            ranges.contains { $0.contains(value) } || named.contains { $0.contains(value) }
        }

        private static func otherCase(_ value: UInt32) -> UInt32? {
            switch value {
            case 65...90: value + 32
            case 97...122: value - 32
            default: nil
            }
        }
    }
}
