import LaunchTrace

extension LinePattern.Parser {
    /// The quantifier after an atom, if any (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, `{,m}`, each
    /// possibly lazy); a `{` that starts no quantifier stays a literal, as in ICU.
    mutating func parseQuantifier() throws(LinePattern.SyntaxError) -> (Int, Int?)? {
        guard let scalar = peek else { return nil }
        let bounds: (Int, Int?)
        switch scalar {
        case 0x2A: bounds = (0, nil)  // *
        case 0x2B: bounds = (1, nil)  // +
        case 0x3F: bounds = (0, 1)  // ?
        case 0x7B:  // {
            guard let counted = try parseCounts() else { return nil }
            bounds = counted
        default: return nil
        }
        position += 1
        if next(is: "?") { position += 1 }  // lazy: the same lines match
        return bounds
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the position, leaving it on the `}`; nil (and the
    /// position unchanged) when the text is not one.
    private mutating func parseCounts() throws(LinePattern.SyntaxError) -> (Int, Int?)? {
        let start = position
        position += 1
        let minimum = readNumber()
        var maximum = minimum
        if next(is: ",") {
            position += 1
            maximum = readNumber()
        } else if minimum == nil {
            position = start
            return nil
        }
        guard next(is: "}"), minimum != nil || maximum != nil else {
            position = start
            return nil
        }
        let low = minimum ?? 0
        let limit = LinePattern.maximumRepetition
        guard low <= limit, (maximum ?? 0) <= limit else {
            throw error("a repetition count is at most \(limit)")
        }
        if let maximum, maximum < low { throw error("in {\(low),\(maximum)} the second count is below the first") }
        return (low, maximum)
    }

    private mutating func readNumber() -> Int? {
        var value: Int?
        while let scalar = peek, (0x30...0x39).contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar - 0x30), 1_000_000)
            position += 1
        }
        return value
    }
}
