extension HTMLNode: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// A string literal, or an interpolated one, is text: escaped when rendered.
    package init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension HTMLNode {
    /// An element with attributes in the order written and children.
    package static func el(_ name: String, _ attributes: KeyValuePairs<String, String>, _ children: HTMLNode...)
        -> HTMLNode
    {
        .element(name, attributes.map { HTMLAttribute($0.key, $0.value) }, children)
    }

    /// An element without attributes.
    package static func el(_ name: String, _ children: HTMLNode...) -> HTMLNode {
        .element(name, [], children)
    }

    /// An element with attributes in the order written and a list of children.
    package static func el(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], children: [HTMLNode])
        -> HTMLNode
    {
        .element(name, attributes.map { HTMLAttribute($0.key, $0.value) }, children)
    }

    /// A line break in the markup (whitespace between elements, for readable source).
    package static let newline: HTMLNode = .text("\n")

    /// The nodes, each followed by a line break in the markup.
    package static func lines(_ nodes: [HTMLNode]) -> HTMLNode {
        .fragment(nodes.flatMap { [$0, .newline] })
    }
}
