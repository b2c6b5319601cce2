/// The regular expression of a `stdout:` or `stderr:` readiness condition, matched against a
/// line in time linear in the line's length (a Pike machine, as RE2 and Rust's `regex` do: every
/// alternative is followed at once, nothing backtracks), so that no pattern and no line can hold
/// the runner: `^(a+)+$` against a line of 110 `a` and a `!` takes microseconds.
///
/// The syntax is the common subset: literals, `.`, classes (`[a-z]`, `[^0-9]`), `\d \w \s`
/// (and `\D \W \S`), `\b \B`, `^ $` (and `\A \z \Z`), groups (`( )`, `(?: )`, `(?<name> )`),
/// `|`, the quantifiers `* + ? {n} {n,} {n,m} {,m}` (lazy ones too), escapes `\t \n \r \f \v
/// \e \0 \xHH \u{H…}`, and `(?i)` at the start for case-insensitive ASCII. Backreferences,
/// lookaround, possessive quantifiers and other flags are refused when the pattern is parsed.
///
/// ```swift
/// let pattern = try LinePattern("^listening on port [0-9]+$")
/// pattern.matches("listening on port 8080")  // true
/// ```
public struct LinePattern: Sendable, Equatable {
    /// The pattern as written.
    public let source: String
    let program: [Instruction]
    let classes: [ScalarClass]
    let ignoresCase: Bool

    /// The most instructions a pattern may compile to (a bound on the work per character).
    public static let maximumSize = 4000
    /// The largest count a `{n,m}` quantifier may give.
    public static let maximumRepetition = 1000

    /// Parses and compiles `source`.
    ///
    /// - Throws: ``SyntaxError`` naming the position and what was expected.
    public init(_ source: String) throws(SyntaxError) {
        self.source = source
        var parser = Parser(source)
        let (node, ignoresCase) = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(node)
        compiler.program.append(.match)
        program = compiler.program
        classes = compiler.classes
        self.ignoresCase = ignoresCase
    }

    /// Whether some part of `line` matches.
    public func matches(_ line: some StringProtocol) -> Bool {
        matches(scalars: line.unicodeScalars.map(\.value)) != false
    }

    /// Whether some part of `scalars` (a line's Unicode scalars) matches, or nil when
    /// `shouldStop` (asked every 1024 scalars) returned true first.
    public func matches(scalars: [UInt32], shouldStop: () -> Bool = { false }) -> Bool? {
        var machine = Machine(pattern: self, input: scalars)
        return machine.run(shouldStop: shouldStop)
    }

    /// Equal when written the same.
    public static func == (lhs: LinePattern, rhs: LinePattern) -> Bool { lhs.source == rhs.source }

    /// A pattern that cannot be parsed: where and why.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The position (in Unicode scalars from 0) where parsing stopped.
        public var position: Int
        /// What was wrong, as the end of a sentence.
        public var reason: String

        /// A whole sentence.
        public var description: String { "At character \(position + 1): \(reason)." }
    }
}
