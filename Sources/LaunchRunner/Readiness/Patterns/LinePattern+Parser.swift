import LaunchTrace

extension LinePattern {
    /// Reads a pattern's text into a ``Node`` (recursive descent over its Unicode scalars).
    struct Parser {
        let text: [UInt32]
        var position = 0
        var depth = 0
        /// The deepest nesting of groups accepted (the parser and compiler recurse on it).
        static let maximumDepth = 64

        init(_ source: String) {
            text = source.unicodeScalars.map(\.value)
        }

        var atEnd: Bool { position >= text.count }
        var peek: UInt32? { atEnd ? nil : text[position] }

        func error(_ reason: String) -> SyntaxError { SyntaxError(position: position, reason: reason) }

        func next(is character: Character) -> Bool { peek == character.unicodeScalars.first?.value }

        func ahead(_ offset: Int, is character: Character) -> Bool {
            position + offset < text.count && text[position + offset] == character.unicodeScalars.first?.value
        }

        /// The whole pattern, and whether it starts with `(?i)`.
        mutating func parseWhole() throws(SyntaxError) -> (Node, Bool) {
            var ignoresCase = false
            if next(is: "("), ahead(1, is: "?"), ahead(2, is: "i"), ahead(3, is: ")") {
                ignoresCase = true
                position += 4
            }
            let node = try parseAlternation()
            guard atEnd else { throw error("this ) closes no group") }
            return (node, ignoresCase)
        }

        mutating func parseAlternation() throws(SyntaxError) -> Node {
            var branches = [try parseConcatenation()]
            while next(is: "|") {
                position += 1
                branches.append(try parseConcatenation())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseConcatenation() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let scalar = peek, scalar != 0x7C, scalar != 0x29 {  // | )
                var atom = try parseAtom()
                if let (minimum, maximum) = try parseQuantifier() {
                    atom = .repetition(atom, minimum: minimum, maximum: maximum)
                    if let scalar = peek, [0x2A, 0x2B, 0x3F].contains(scalar) {  // * + ?
                        throw error("a quantifier cannot follow another (possessive quantifiers are not supported)")
                    }
                }
                items.append(atom)
            }
            if items.isEmpty { return .empty }
            return items.count == 1 ? items[0] : .concatenation(items)
        }

        mutating func parseAtom() throws(SyntaxError) -> Node {
            let scalar = text[position]
            switch scalar {
            case 0x28: return try parseGroup()  // (
            case 0x5B: return .character(try parseClass())  // [
            case 0x2E:  // .
                position += 1
                return .character(.any)
            case 0x5E:  // ^
                position += 1
                return .assertion(.lineStart)
            case 0x24:  // $
                position += 1
                return .assertion(.lineEnd)
            case 0x5C: return try parseEscape()  // \
            case 0x2A, 0x2B, 0x3F: throw error("this quantifier has nothing before it to repeat")  // * + ?
            default:
                position += 1
                return .character(.single(scalar))
            }
        }

        mutating func parseGroup() throws(SyntaxError) -> Node {
            position += 1
            if next(is: "?") {
                if ahead(1, is: ":") {
                    position += 2
                } else if ahead(1, is: "<"), !ahead(2, is: "="), !ahead(2, is: "!") {
                    try skipGroupName()
                } else {
                    throw error("only (?: ) and (?<name> ) groups are supported, not lookaround or inline flags")
                }
            }
            guard depth < Self.maximumDepth else { throw error("groups nest deeper than \(Self.maximumDepth)") }
            depth += 1
            let node = try parseAlternation()
            depth -= 1
            guard next(is: ")") else { throw error("a group opened with ( is not closed") }
            position += 1
            return node
        }

        private mutating func skipGroupName() throws(SyntaxError) {
            position += 2
            while let scalar = peek, scalar != 0x3E {  // >
                guard NamedClass.isWord(scalar) else {
                    throw error("a group name is letters, digits and _")
                }
                position += 1
            }
            guard next(is: ">") else { throw error("a group name opened with (?< is not closed with >") }
            position += 1
        }
    }
}
