import LaunchTrace

extension LinePattern.Parser {
    /// What an escape stands for: one scalar (`\n`, `\x41`, `\.`) or a named class (`\d`).
    enum EscapeValue: Equatable {
        case scalar(UInt32)
        case named(LinePattern.NamedClass)

        /// As a class of its own (outside brackets).
        var scalarClass: LinePattern.ScalarClass {
            switch self {
            case .scalar(let value): .single(value)
            case .named(let named): .named(named)
            }
        }
    }

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
        return .character(try parseScalarEscape(inClass: false).scalarClass)
    }

    /// An escape that stands for scalars (`\d`, `\n`, `\x41`, `\101`, `\.`), the position on the
    /// character after the backslash; leaves the position after it. Inside a class `\b` is a
    /// backspace and `\1`…`\7` start octal escapes, as in Python.
    mutating func parseScalarEscape(inClass: Bool) throws(LinePattern.SyntaxError) -> EscapeValue {
        guard let scalar = peek else { throw error("the pattern ends with a lone \\") }
        let classes: [UInt32: LinePattern.NamedClass] = [
            0x64: .init(kind: .digit), 0x44: .init(kind: .digit, negated: true), 0x77: .init(kind: .word),
            0x57: .init(kind: .word, negated: true), 0x73: .init(kind: .space),
            0x53: .init(kind: .space, negated: true),
        ]  // d D w W s S
        // t n r f v a e
        let singles: [UInt32: UInt32] = [0x74: 9, 0x6E: 10, 0x72: 13, 0x66: 12, 0x76: 11, 0x61: 7, 0x65: 27]
        position += 1
        if let found = classes[scalar] { return .named(found) }
        if let value = singles[scalar] { return .scalar(value) }
        if inClass, scalar == 0x62 { return .scalar(8) }  // [\b]
        if (0x30...0x39).contains(scalar) { return .scalar(try parseOctal(first: scalar, inClass: inClass)) }
        // \x, \u and \U
        let hexadecimalDigits: [UInt32: Int] = [0x78: 2, 0x75: 4, 0x55: 8]
        if let digits = hexadecimalDigits[scalar] { return .scalar(try parseHexadecimal(digits: digits)) }
        let isAlphanumeric = (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
        guard isAlphanumeric else { return .scalar(scalar) }
        position -= 1
        throw error(
            "\\\(Unicode.Scalar(scalar).map { String($0) } ?? "?") is not supported (\\p{…} and other escapes are "
                + "not; the supported ones are \\d \\w \\s \\D \\W \\S \\b \\B \\A \\z \\Z \\t \\n \\r \\f \\v \\a \\e "
                + "\\0 and octal \\0oo \\ooo, \\xHH \\uHHHH \\UHHHHHHHH \\x{H…} \\u{H…})")
    }

    /// An octal escape as Python reads one, the position after its first digit `first`: `\0`
    /// and up to two more octal digits; three octal digits (`\101`); inside a class, one to
    /// three. Outside a class, `\1`…`\99` otherwise are backreferences, which are refused.
    private mutating func parseOctal(first: UInt32, inClass: Bool) throws(LinePattern.SyntaxError) -> UInt32 {
        let start = position - 1
        let octal = first == 0x30 || (inClass && first <= 0x37) || (first <= 0x37 && isOctal(0) && isOctal(1))
        guard octal else {
            let length = start + 1 < text.count && (0x30...0x39).contains(text[start + 1]) ? 2 : 1
            let number = String(String.UnicodeScalarView(text[start..<start + length].compactMap(Unicode.Scalar.init)))
            position = start - 1
            let octalForm = inClass ? "\\1 to \\377 in a class" : "\\0, \\0oo or \\ooo, as \\012"
            throw error("\\\(number) is not supported (backreferences are not; an octal escape is \(octalForm))")
        }
        var value = first - 0x30
        var count = 1
        while count < 3, isOctal(0) {
            value = value * 8 + text[position] - 0x30
            position += 1
            count += 1
        }
        guard value <= 0o377 else {
            position = start - 1
            throw error("the octal escape \\\(String(value, radix: 8)) is above \\377")
        }
        return value
    }

    private func isOctal(_ offset: Int) -> Bool {
        position + offset < text.count && (0x30...0x37).contains(text[position + offset])
    }

    /// `HH…` (exactly `digits` of them) or `{H…}` after `\x` or `\u`.
    private mutating func parseHexadecimal(digits: Int) throws(LinePattern.SyntaxError) -> UInt32 {
        let braced = digits < 8 && next(is: "{")
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
            throw error(
                "\\x takes two hexadecimal digits, \\u four and \\U eight (or \\x and \\u any number in braces)")
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
