/// A piece of an HTML page, built as a tree so that escaping is the default: text and
/// attribute values are always escaped when rendered, and markup that is not escaped must be
/// a ``TrustedHTML`` (compile-time constants and script-safe JSON only).
///
/// ```swift
/// let cell: HTMLNode = .el("td", ["class": "num"], "\(name) <b>")   // <td class="num">name &lt;b&gt;</td>
/// ```
package enum HTMLNode: Sendable, Equatable {
    /// An element with attributes (rendered in order) and children.
    case element(String, [HTMLAttribute], [HTMLNode])
    /// Text, escaped when rendered.
    case text(String)
    /// Nodes side by side, without an element around them.
    case fragment([HTMLNode])
    /// Markup that is not escaped: constants and script-safe JSON only.
    case raw(TrustedHTML)

    /// HTML elements that have no end tag.
    static let voidElements: Set<String> = ["meta", "br", "hr", "img", "input", "link"]
    /// SVG elements written self-closed when they have no children.
    static let selfClosingElements: Set<String> = ["rect", "line", "circle", "path"]

    /// The markup of the node and its children.
    package func render() -> String {
        var out = ""
        render(into: &out)
        return out
    }

    /// Appends the markup of the node and its children to `out`.
    package func render(into out: inout String) {
        switch self {
        case .text(let text):
            out += HTMLText.escape(text)
        case .raw(let trusted):
            out += trusted.markup
        case .fragment(let nodes):
            for node in nodes { node.render(into: &out) }
        case .element(let name, let attributes, let children):
            renderElement(name, attributes, children, into: &out)
        }
    }

    private func renderElement(
        _ name: String, _ attributes: [HTMLAttribute], _ children: [HTMLNode], into out: inout String
    ) {
        out += "<" + name
        for attribute in attributes {
            out += " \(attribute.name)=\"\(HTMLText.escape(attribute.value))\""
        }
        if Self.voidElements.contains(name) {
            out += ">"
            return
        }
        if children.isEmpty && Self.selfClosingElements.contains(name) {
            out += "/>"
            return
        }
        out += ">"
        for child in children { child.render(into: &out) }
        out += "</\(name)>"
    }
}
