/// An attribute of an ``HTMLNode`` element; its value is escaped when rendered.
package struct HTMLAttribute: Sendable, Equatable {
    /// The attribute's name, a constant of the page's code (never data).
    package var name: String
    /// The value, escaped when rendered.
    package var value: String

    /// Creates an attribute.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
