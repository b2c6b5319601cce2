import LaunchTrace

/// The regular expression of a `stdout:` or `stderr:` readiness condition, matched against a
/// line in time linear in the line's length (a Pike machine, as RE2 and Rust's `regex` do: every
/// alternative is followed at once, nothing backtracks), so that no pattern and no line can hold
/// the runner: `^(a+)+$` against a line of 110 `a` and a `!` takes microseconds.
///
/// The syntax is Python's `re` on str patterns, less what needs backtracking, and a line is
/// matched as `re.search` matches it: literals, `.` (any scalar but a newline), classes (`[a-z]`,
/// `[^0-9]`, `[\d_]`), `\d \w \s` and `\D \W \S` (defined once, the same inside and outside
/// brackets, as Python does: `\d` a decimal digit of any script (category Nd, `str.isdecimal()`),
/// `\w` `_` or a letter or number (`str.isalnum()`; not U+0345 nor Ⓐ), `\s` what `str.isspace()`
/// accepts, U+001C–U+001F, U+2000–U+200A and U+3000 among them), `\b \B`, `^ $` (and `\A \z \Z`),
/// groups (`( )`, `(?: )`, `(?<name> )`), `|`, the quantifiers `* + ? {n} {n,} {n,m} {,m}` (lazy
/// ones too: the same lines match), escapes `\t \n \r \f \v \a \e \xHH \uHHHH \UHHHHHHHH
/// \x{H…} \u{H…}` and octal ones as Python reads them (`\0`, `\01`, `\012`, `\101`; in a
/// class `\1` to `\377` too, and `[\b]` a backspace), and `(?i)` at the start for
/// case-insensitive ASCII (Python's `(?i)` also folds other scripts). Backreferences (`\1` outside
/// a class, unless three octal digits), lookaround, possessive quantifiers, `\p{…}`, nested
/// classes and other flags are refused when the pattern is parsed, with the character where.
///
/// A line is matched to its end however long it is (``Matcher`` takes it in pieces); `$` holds
/// only where the line ends.
///
/// ```swift
/// let pattern = try LinePattern("^listening on port [0-9]+$")
/// pattern.matches("listening on port 8080")  // true
/// ```
package struct LinePattern: Sendable, Equatable {
    /// The pattern as written.
    package let source: String
    let program: [Instruction]
    let classes: [ScalarClass]
    let ignoresCase: Bool

    /// The most instructions a pattern may compile to (a bound on the work per character).
    package static let maximumSize = 4000
    /// The largest count a `{n,m}` quantifier may give.
    package static let maximumRepetition = 1000

    /// Parses and compiles `source`.
    ///
    /// - Throws: ``SyntaxError`` naming the position and what was expected.
    package init(_ source: String) throws(SyntaxError) {
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
    package func matches(_ line: some StringProtocol) -> Bool {
        matches(scalars: line.unicodeScalars.map(\.value)) != false
    }

    /// Whether some part of `scalars` (a line's Unicode scalars) matches, or nil when
    /// `shouldStop` (asked every 1024 scalars) returned true first.
    package func matches(scalars: [UInt32], shouldStop: () -> Bool = { false }) -> Bool? {
        var matcher = Matcher(self)
        guard let matched = matcher.feed(scalars, shouldStop: shouldStop) else { return nil }
        return matched || matcher.finish()
    }

    /// Equal when written the same.
    package static func == (lhs: LinePattern, rhs: LinePattern) -> Bool { lhs.source == rhs.source }

    /// A pattern that cannot be parsed: where and why.
    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The position (in Unicode scalars from 0) where parsing stopped.
        package var position: Int
        /// What was wrong, as the end of a sentence.
        package var reason: String

        /// A whole sentence.
        package var description: String { "At character \(position + 1): \(reason)." }
    }
}
