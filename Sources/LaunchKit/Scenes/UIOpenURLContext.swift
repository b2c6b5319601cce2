/// A URL a scene is asked to open, with how it was opened, as in UIKit.
///
/// ```swift
/// for context in connectionOptions.urlContexts { print(context.url, context.options.sourceApplication ?? "") }
/// ```
public final class UIOpenURLContext: Hashable, Sendable {
    /// The URL.
    public let url: URL
    /// Who asked to open it.
    public let options: UIScene.OpenURLOptions

    /// A context for `url`.
    public init(url: URL, options: UIScene.OpenURLOptions = UIScene.OpenURLOptions()) {
        self.url = url
        self.options = options
    }

    /// Contexts are equal when they are the same object.
    public static func == (lhs: UIOpenURLContext, rhs: UIOpenURLContext) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
