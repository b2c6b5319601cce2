/// The base class of LaunchKit's UI objects: the application, its delegate, windows,
/// views and view controllers, as in UIKit.
///
/// Its initializer is `required`, so `UIApplicationMain` and storyboards can create any
/// subclass from its class name.
///
/// ```swift
/// class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }
/// ```
@MainActor
open class UIResponder {
    /// Creates a responder. Subclasses created by name must keep this initializer.
    public required init() {}

    /// The next responder in the chain (a view's superview or view controller, a
    /// window's application); `nil` by default.
    open var next: UIResponder? { nil }
}
