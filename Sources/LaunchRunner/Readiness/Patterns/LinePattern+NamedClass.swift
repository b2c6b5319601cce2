import LaunchTrace

extension LinePattern {
    /// `\d`, `\w` or `\s`, or their complements `\D`, `\W`, `\S`: one definition, the same
    /// inside and outside brackets, and the same as Python's `re` on str patterns.
    ///
    /// - `\d`: a Unicode decimal digit (category Nd, Python's `str.isdecimal()`): `0`–`9`, `٣`, `３`.
    /// - `\w`: `_` or a letter or number (categories Lu Ll Lt Lm Lo, or any numeric value:
    ///   Python's `str.isalnum()`); not combining marks (U+0345) nor symbols (U+24B6 Ⓐ).
    /// - `\s`: Python's `str.isspace()`: tab to carriage return, U+001C–U+001F, space, U+0085,
    ///   U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    ///
    /// Unicode properties are the Swift runtime's (its Unicode version).
    struct NamedClass: Equatable, Sendable {
        /// Which class.
        enum Kind: Equatable, Sendable {
            case digit
            case word
            case space
        }

        var kind: Kind
        /// `\D`, `\W`, `\S`.
        var negated = false

        /// Whether `value` is in the class.
        func contains(_ value: UInt32) -> Bool {
            let inside: Bool
            switch kind {
            case .digit: inside = Self.isDigit(value)
            case .word: inside = Self.isWord(value)
            case .space: inside = Self.isSpace(value)
            }
            return inside != negated
        }

        /// `\d`: category Nd.
        static func isDigit(_ value: UInt32) -> Bool {
            if value < 128 { return (0x30...0x39).contains(value) }
            return Unicode.Scalar(value)?.properties.generalCategory == .decimalNumber
        }

        /// `\w` (and what `\b` looks at): `_`, a letter or a number.
        static func isWord(_ value: UInt32) -> Bool {
            if value < 128 {
                return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                    || value == 0x5F
            }
            guard let properties = Unicode.Scalar(value)?.properties else { return false }
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
            default: return properties.numericType != nil
            }
        }

        /// The scalars of `\s`.
        static let spaces: [ClosedRange<UInt32>] = [
            0x09...0x0D, 0x1C...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
            0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
        ]

        /// `\s`.
        static func isSpace(_ value: UInt32) -> Bool {
            spaces.contains { $0.contains(value) }
        }
    }
}
