/// Escaping for text placed in HTML: element content, attribute values, and JSON embedded in
/// a `<script type="application/json">` block.
public enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in
    /// quoted attribute values alike.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Makes JSON text safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029
    /// become `\u` escapes. Those characters only occur inside JSON strings, where the escapes
    /// mean the same characters, so `JSON.parse` reads the same value and no `</script>` or
    /// `<!--` can end the element early.
    public static func scriptSafeJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for character in json.unicodeScalars {
            switch character {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
