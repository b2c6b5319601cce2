/// Escaping for XML 1.0 text and attribute values.
public enum XMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and replaces characters XML 1.0 cannot hold
    /// (control characters other than tab, newline and carriage return) with U+FFFD.
    ///
    /// ```swift
    /// XMLEscaping.escape("a<b & \"c\"")   // "a&lt;b &amp; &quot;c&quot;"
    /// ```
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
