extension LinePattern {
    /// A set of Unicode scalars: ranges, possibly negated.
    struct ScalarClass: Equatable, Sendable {
        var ranges: [ClosedRange<UInt32>]
        var negated = false
        /// Whether letters and digits above ASCII belong too (`\w`).
        var unicodeWord = false

        /// Any scalar but a newline (`.`).
        static let any = ScalarClass(ranges: [10...10], negated: true)
        /// `\d`.
        static let digit = ScalarClass(ranges: [48...57])
        /// `\w`: ASCII letters, digits and `_`, and every scalar above ASCII that is a letter or digit.
        static let word = ScalarClass(ranges: [48...57, 65...90, 95...95, 97...122], unicodeWord: true)
        /// `\s`.
        static let space = ScalarClass(ranges: [9...13, 32...32, 0x85...0x85, 0xA0...0xA0, 0x2028...0x2029])

        /// One scalar.
        static func single(_ value: UInt32) -> ScalarClass { ScalarClass(ranges: [value...value]) }

        /// The class that matches what this one does not.
        var inverted: ScalarClass {
            ScalarClass(ranges: ranges, negated: !negated, unicodeWord: unicodeWord)
        }

        /// Whether `value` is in the class; with `ignoringCase`, its other ASCII case counts too.
        func contains(_ value: UInt32, ignoringCase: Bool) -> Bool {
            var inside = ranges.contains { $0.contains(value) } || (unicodeWord && value >= 128 && Self.isWord(value))
            if !inside, ignoringCase, let other = Self.otherCase(value) {
                inside = ranges.contains { $0.contains(other) }
            }
            return inside != negated
        }

        /// Whether `value` counts as a word scalar for `\b`.
        static func isWord(_ value: UInt32) -> Bool {
            if value < 128 { return word.ranges.contains { $0.contains(value) } }
            guard let scalar = Unicode.Scalar(value) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
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
