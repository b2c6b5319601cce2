extension LinePattern.Parser {
    /// An escape outside a class: a class (`\d`), an assertion (`\b`, `\A`) or one scalar.
    mutating func parseEscape() throws(LinePattern.SyntaxError) -> LinePattern.Node {
        position += 1
        guard let scalar = peek else { throw error("the pattern ends with a lone \\") }
        let assertions: [UInt32: LinePattern.Assertion] = [
            0x62: .wordBoundary, 0x42: .notWordBoundary, 0x41: .lineStart, 0x7A: .lineEnd, 0x5A: .lineEnd,
        ]  // b B A z Z
        if let assertion = assertions[scalar] {
            position += 1
            return .assertion(assertion)
        }
        return .character(try parseClassEscape())
    }

    /// An escape that stands for scalars (`\d`, `\n`, `\x41`, `\.`), the position on the letter
    /// after the backslash; leaves the position after it.
    mutating func parseClassEscape() throws(LinePattern.SyntaxError) -> LinePattern.ScalarClass {
        guard let scalar = peek else { throw error("the pattern ends with a lone \\") }
        let classes: [UInt32: LinePattern.ScalarClass] = [
            0x64: .digit, 0x44: LinePattern.ScalarClass.digit.inverted, 0x77: .word,
            0x57: LinePattern.ScalarClass.word.inverted, 0x73: .space, 0x53: LinePattern.ScalarClass.space.inverted,
        ]  // d D w W s S
        // t n r f v e 0
        let singles: [UInt32: UInt32] = [0x74: 9, 0x6E: 10, 0x72: 13, 0x66: 12, 0x76: 11, 0x65: 27, 0x30: 0]
        position += 1
        if let found = classes[scalar] { return found }
        if let value = singles[scalar] { return .single(value) }
        // \x and \u
        if scalar == 0x78 || scalar == 0x75 { return .single(try parseHexadecimal(digits: scalar == 0x78 ? 2 : 4)) }
        let isAlphanumeric =
            (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
        guard isAlphanumeric else { return .single(scalar) }
        position -= 1
        throw error(
            "\\\(Unicode.Scalar(scalar).map { String($0) } ?? "?") is not supported (backreferences, \\p{…} and "
                + "other escapes are not; the supported ones are \\d \\w \\s \\D \\W \\S \\b \\B \\A \\z \\Z \\t \\n \\r \\f \\v \\e \\0 \\xHH \\u{H…})"
        )
    }

    /// `HH…` (exactly `digits` of them) or `{H…}` after `\x` or `\u`.
    private mutating func parseHexadecimal(digits: Int) throws(LinePattern.SyntaxError) -> UInt32 {
        let braced = next(is: "{")
        if braced { position += 1 }
        var value: UInt32 = 0
        var count = 0
        while let scalar = peek, let digit = Self.hexadecimalValue(scalar), braced ? count < 8 : count < digits {
            value = value &* 16 &+ digit
            count += 1
            position += 1
        }
        if braced {
            guard next(is: "}"), count > 0 else {
                throw error("a \\x{…} or \\u{…} escape is hexadecimal digits in braces")
            }
            position += 1
        } else if count != digits {
            throw error("\\x takes two hexadecimal digits and \\u four (or any number in braces)")
        }
        guard value <= 0x10FFFF else { throw error("\\u{\(String(value, radix: 16))} is beyond Unicode") }
        return value
    }

    private static func hexadecimalValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }
}
