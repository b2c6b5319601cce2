/// The one escaping of markup text that the HTML and the XML (JUnit) reports share: `&`, `<`,
/// `>`, `"` and `'` become entities, so text is safe in element content and quoted attribute
/// values alike.
enum MarkupEscaping {
    /// `text` with the five characters as entities, the apostrophe as `apostrophe` (`&#39;` in
    /// HTML, `&apos;` in XML); with `replacingInvalidXML`, the characters XML 1.0 cannot hold
    /// (control characters other than tab, newline and carriage return, U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String, apostrophe: String, replacingInvalidXML: Bool) -> String {
        ScalarReplacement.apply(to: text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": apostrophe
            case "\t", "\n", "\r": nil
            default:
                replacingInvalidXML && (scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value))
                    ? "\u{FFFD}" : nil
            }
        }
    }
}
