/// Rewrites a text scalar by scalar: the one loop behind every escaping in the reports
/// (HTML, JSON inside `<script>`, XML).
enum ScalarReplacement {
    /// `text` with each scalar for which `replacement` returns a string replaced by it.
    static func apply(to text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
