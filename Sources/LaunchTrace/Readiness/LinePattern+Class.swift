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
            let item = try parseClassItem()
            result.ranges += item.ranges
            result.unicodeWord = result.unicodeWord || item.unicodeWord
        }
        guard next(is: "]") else { throw error("a class opened with [ is not closed with ]") }
        position += 1
        return result
    }

    /// One member of a class: a scalar, a range `a-z`, or an escape such as `\d`.
    private mutating func parseClassItem() throws(LinePattern.SyntaxError) -> LinePattern.ScalarClass {
        let low = try parseClassScalar()
        guard low.negated || low.ranges.count != 1 || low.ranges[0].count != 1 else {
            guard next(is: "-"), !ahead(1, is: "]"), position + 1 < text.count else { return low }
            position += 1
            let high = try parseClassScalar()
            guard !high.negated, high.ranges.count == 1, high.ranges[0].count == 1 else {
                throw error("a range in a class ends with one character")
            }
            let (from, to) = (low.ranges[0].lowerBound, high.ranges[0].lowerBound)
            guard from <= to else { throw error("the range ends before it starts") }
            return LinePattern.ScalarClass(ranges: [from...to])
        }
        return low.negated ? LinePattern.ScalarClass(ranges: low.complementRanges) : low
    }

    private mutating func parseClassScalar() throws(LinePattern.SyntaxError) -> LinePattern.ScalarClass {
        let scalar = text[position]
        guard scalar == 0x5C else {
            position += 1
            return .single(scalar)
        }
        position += 1
        if next(is: "b") || next(is: "B") { throw error("\\b and \\B are not supported inside a class") }
        return try parseClassEscape()
    }
}

extension LinePattern.ScalarClass {
    /// The ranges of every scalar outside this (not negated) class's ranges.
    var complementRanges: [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = max(next, range.upperBound &+ 1)
            if range.upperBound >= 0x10FFFF { return result }
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return result
    }
}
