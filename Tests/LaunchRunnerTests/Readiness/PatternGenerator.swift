/// Random patterns over ``LinePattern``'s syntax that Python's `re` reads the same way, and
/// lines over the same characters, from a seed (SplitMix64): the same seed, the same pairs.
struct PatternGenerator {
    private var state: UInt64

    /// Characters of literals and lines: ASCII, accented and other scripts, digits of other
    /// scripts, the spaces `\s` takes beyond ASCII, a combining mark and a circled letter (neither
    /// is `\w`). All were assigned long ago, so any Unicode version classes them alike.
    static let alphabet: [String] = [
        "a", "b", "c", "A", "_", "1", "9", "-", ".", " ", "\t", "!", "é", "É", "中", "\u{663}", "\u{FF13}",
        "²", "Ⅻ", "\u{3000}", "\u{2000}", "\u{202F}", "\u{1C}", "\u{85}", "\u{A0}", "\u{345}", "\u{24B6}", "ß",
    ]
    /// Characters written as themselves in a pattern (no special meaning outside a class).
    static let literals = ["a", "b", "c", "A", "_", "1", "-", " ", "é", "中", "\u{663}", "²", "\u{3000}", "ß"]
    /// Escapes that stand for one character or a named class.
    static let escapes = [
        "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "\\.", "\\-", "\\t", "\\x61", "\\u00e9", "\\141", "\\0", "\\x1c",
    ]

    init(seed: UInt64) {
        state = seed
    }

    /// The next pseudo-random number (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A line of up to `maximum` characters of ``alphabet``.
    mutating func line(maximum: Int = 8) -> String {
        (0..<below(maximum + 1)).map { _ in pick(Self.alphabet) }.joined()
    }

    /// A whole pattern: alternatives, perhaps anchored.
    mutating func pattern() -> String {
        let start = below(4) == 0 ? pick(["^", "\\A", "\\b"]) : ""
        let end = below(4) == 0 ? pick(["$", "\\Z", "\\b"]) : ""
        return start + alternation(depth: 0) + end
    }

    private mutating func alternation(depth: Int) -> String {
        let count = below(5) == 0 ? 2 + below(2) : 1
        return (0..<count).map { _ in concatenation(depth: depth) }.joined(separator: "|")
    }

    private mutating func concatenation(depth: Int) -> String {
        (0..<(1 + below(4))).map { _ in atom(depth: depth) + quantifier() }.joined()
    }

    private mutating func atom(depth: Int) -> String {
        switch below(10) {
        case 0..<4: pick(Self.literals)
        case 4: "."
        case 5, 6: pick(Self.escapes)
        case 7, 8: bracketClass()
        default:
            depth < 2 ? (below(2) == 0 ? "(" : "(?:") + alternation(depth: depth + 1) + ")" : pick(Self.literals)
        }
    }

    private mutating func quantifier() -> String {
        guard below(3) == 0 else { return "" }
        let base = pick(["*", "+", "?", "{2}", "{1,2}", "{0,3}", "{2,}", "{,2}"])
        return base + (below(5) == 0 ? "?" : "")
    }

    private mutating func bracketClass() -> String {
        let members = (0..<(1 + below(3))).map { _ in classMember() }.joined()
        return "[" + (below(3) == 0 ? "^" : "") + members + "]"
    }

    private mutating func classMember() -> String {
        switch below(6) {
        case 0, 1: pick(["a", "b", "A", "_", "1", "é", "中", " ", "\u{663}", ".", "|", "$", "*"])
        case 2: pick(["a-c", "A-Z", "0-9", "à-ÿ", "\u{2000}-\u{3000}", "\u{660}-\u{669}"])
        case 3: pick(["\\b", "\\1", "\\01", "\\x1c", "\\-", "\\]", "\\^"])
        default: pick(["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"])
        }
    }
}
