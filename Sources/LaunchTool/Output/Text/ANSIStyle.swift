/// Terminal text styles. Reports use them only when the caller asks for colour (for
/// example when standard output is a terminal).
package enum ANSIStyle: String, Sendable, Equatable {
    /// Bold.
    case bold = "1"
    /// Red, for failures.
    case red = "31"
    /// Green, for passes.
    case green = "32"
    /// Yellow, for inconclusive verdicts and warnings.
    case yellow = "33"
    /// Magenta, for missing data.
    case magenta = "35"

    /// `text` wrapped in the style's escape sequence and a reset.
    package func apply(to text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }
}
