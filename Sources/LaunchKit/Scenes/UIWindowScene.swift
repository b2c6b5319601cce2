/// The scene of the app's windows, as in UIKit: its windows are made with
/// ``UIWindow/init(windowScene:)`` and shown on its screen.
///
/// ```swift
/// guard let windowScene = scene as? UIWindowScene else { return }
/// let window = UIWindow(windowScene: windowScene)
/// ```
@MainActor
open class UIWindowScene: UIScene {
    private var attached: [WeakWindow] = []

    /// The screen the scene is shown on.
    public var screen: UIScreen { .main }

    /// The scene's windows (shown or not) that are still alive, in the order they were attached.
    public var windows: [UIWindow] { attached.compactMap(\.window) }

    /// The scene's key window, if one of its windows is key.
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// Adds `window` to the scene's windows (setting ``UIWindow/windowScene``).
    func attach(_ window: UIWindow) {
        attached.removeAll { $0.window == nil || $0.window === window }
        attached.append(WeakWindow(window: window))
    }

    /// Removes `window` from the scene's windows.
    func detach(_ window: UIWindow) {
        attached.removeAll { $0.window == nil || $0.window === window }
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }
}
