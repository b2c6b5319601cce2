/// Escaping for text placed in HTML: element content, attribute values, and JSON embedded in
/// a `<script type="application/json">` block.
package enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in
    /// quoted attribute values alike.
    package static func escape(_ text: String) -> String {
        MarkupEscaping.escape(text, apostrophe: "&#39;", replacingInvalidXML: false)
    }

    /// Makes JSON text safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029
    /// become `\u` escapes. Those characters only occur inside JSON strings, where the escapes
    /// mean the same characters, so `JSON.parse` reads the same value and no `</script>` or
    /// `<!--` can end the element early.
    package static func scriptSafeJSON(_ json: String) -> String {
        ScalarReplacement.apply(to: json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }
}
