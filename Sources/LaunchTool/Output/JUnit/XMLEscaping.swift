/// Escaping for XML 1.0 text and attribute values.
package enum XMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and replaces characters XML 1.0 cannot hold
    /// (control characters other than tab, newline and carriage return) with U+FFFD.
    ///
    /// ```swift
    /// XMLEscaping.escape("a<b & \"c\"")   // "a&lt;b &amp; &quot;c&quot;"
    /// ```
    package static func escape(_ text: String) -> String {
        MarkupEscaping.escape(text, apostrophe: "&apos;", replacingInvalidXML: true)
    }
}
