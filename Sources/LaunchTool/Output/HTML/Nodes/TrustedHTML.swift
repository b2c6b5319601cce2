import Foundation

/// Markup that goes into a page without escaping. Only two kinds exist: compile-time constants
/// (the inline style sheet and scripts, the doctype) and JSON embedded in a `<script>` element
/// through ``scriptJSON(_:)``, which escapes what could end the element early.
package struct TrustedHTML: Sendable, Equatable {
    /// The markup, as it appears in the page.
    package let markup: String

    /// A constant written in the source: it cannot hold data from a launch.
    package init(constant: StaticString) {
        self.markup = constant.description
    }

    private init(checked markup: String) {
        self.markup = markup
    }

    /// `value` as sorted JSON with `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so no
    /// `</script>` or `<!--` inside a string can end the script element.
    package static func scriptJSON(_ value: some Encodable) -> TrustedHTML {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return TrustedHTML(checked: HTMLText.scriptSafeJSON(json))
    }
}
