import LaunchTrace

extension LinePattern.Parser {
    /// A bracketed class (`[a-z_]`, `[^\d]`), the position on its `[`.
    mutating func parseClass() throws(LinePattern.SyntaxError) -> LinePattern.ScalarClass {
        position += 1
        var result = LinePattern.ScalarClass(ranges: [])
        if next(is: "^") {
            result.negated = true
            position += 1
        }
        var first = true
        while let scalar = peek, scalar != 0x5D || first {  // ]
            first = false
            if scalar == 0x5B { throw error("a [ inside a class (a nested class or [:name:]) is not supported") }
            switch try parseClassMember() {
            case .scalar(let low): result.ranges.append(try parseRange(from: low))
            case .named(let named):
                if startsRange { throw error("a range in a class starts with one character, not \\d, \\w or \\s") }
                result.named.append(named)
            }
        }
        guard next(is: "]") else { throw error("a class opened with [ is not closed with ]") }
        position += 1
        return result
    }

    /// Whether the position is on the `-` of a range (not a `-` last in the class).
    private var startsRange: Bool { next(is: "-") && !ahead(1, is: "]") && position + 1 < text.count }

    /// `low` alone, or the range `low-high` when a `-` follows.
    private mutating func parseRange(from low: UInt32) throws(LinePattern.SyntaxError) -> ClosedRange<UInt32> {
        guard startsRange else { return low...low }
        position += 1
        guard case .scalar(let high) = try parseClassMember() else {
            throw error("a range in a class ends with one character")
        }
        guard low <= high else { throw error("the range ends before it starts") }
        return low...high
    }

    /// One scalar or escape of a class.
    private mutating func parseClassMember() throws(LinePattern.SyntaxError) -> EscapeValue {
        let scalar = text[position]
        position += 1
        guard scalar == 0x5C else { return .scalar(scalar) }
        if next(is: "B") { throw error("\\B is not supported inside a class") }
        return try parseScalarEscape(inClass: true)
    }
}
