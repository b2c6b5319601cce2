/// An attribute of an ``HTMLNode`` element; its value is escaped when rendered.
public struct HTMLAttribute: Sendable, Equatable {
    /// The attribute's name, a constant of the page's code (never data).
    public var name: String
    /// The value, escaped when rendered.
    public var value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
