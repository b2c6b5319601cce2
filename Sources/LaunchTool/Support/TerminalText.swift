import LaunchTrace

/// User text (a run's `--name`, an app's path, a branch) made safe to print on a terminal and
/// in a table: every control character is written as an escape (`\n`, `\t`, `\x1b`, `\x7f`,
/// `\u{85}`), as are the Unicode characters that reorder or hide text (bidirectional overrides
/// and isolates, U+202A–U+202E, U+2066–U+2069), so that a name cannot print a line of its own
/// (a fake `Result: pass`), move the cursor, recolour the terminal or break a table's columns.
///
/// ```swift
/// TerminalText.escaped("nightly\nResult: pass (exit 0)")  // "nightly\\nResult: pass (exit 0)"
/// ```
package enum TerminalText {
    /// `text` with the characters above escaped; other text unchanged.
    package static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            out += needsEscape(scalar) ? escape(scalar) : String(scalar)
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16)
            return scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
    }
}
