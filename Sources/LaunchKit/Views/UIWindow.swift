/// The root of a view tree shown on the screen, as in UIKit.
///
/// A window starts hidden. ``makeKeyAndVisible()`` makes it the application's key window,
/// shows it, and schedules a frame at the end of the current run-loop turn; that frame
/// loads the root view controller's view, lays it out and renders it into
/// ``lastCommittedFrame``.
///
/// ```swift
/// let window = UIWindow()
/// window.rootViewController = ViewController()
/// window.makeKeyAndVisible()
/// ```
@MainActor
open class UIWindow: UIView {
    /// The view controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, let oldView = old.viewIfLoaded, oldView.superview === self {
                oldView.removeFromSuperview()
            }
            setNeedsCommit()
        }
    }

    /// Where the window sits among the windows: higher levels are drawn above lower ones.
    open var windowLevel: Level = .normal {
        didSet { UIApplication.current?.windowsDidChange() }
    }

    /// The scene the window belongs to, if any (set by ``init(windowScene:)``). Setting it
    /// moves the window to that scene's ``UIWindowScene/windows``.
    public weak var windowScene: UIWindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    /// Whether this is the application's key window.
    public internal(set) var isKeyWindow = false

    /// The frame rendered by the last commit, or `nil` before the first one.
    public internal(set) var lastCommittedFrame: Framebuffer?

    /// How many frames this window has committed.
    public internal(set) var committedFrameCount = 0

    /// The display's top-level window showing this one, once shown on a display.
    var displayWindow: DisplayWindow?
    /// How many of the committed frames have been put on the display.
    var displayedFrameCount = 0

    /// Whether the window has changes that are not in ``lastCommittedFrame``.
    var needsCommit = true
    /// Whether a commit is installing, laying out or rendering this window: changes made
    /// then are in the frame being committed and need no other.
    var isCommitting = false

    /// Creates a hidden window with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Creates a hidden window that covers the screen (`UIScreen.main.bounds`).
    public required convenience init() {
        self.init(frame: UIScreen.main.bounds)
    }

    /// Shows or hides the window; a shown window joins `UIApplication.shared.windows`.
    open override var isHidden: Bool {
        didSet {
            guard oldValue != isHidden else { return }
            UIApplication.current?.windowVisibilityDidChange(self)
        }
    }

    /// The application, as the next responder.
    open override var next: UIResponder? { UIApplication.current }

    /// Makes the window the key window and shows it. The root view controller's view is
    /// loaded, added, laid out and rendered in the frame committed at the end of this
    /// run-loop turn.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
        setNeedsCommit()
    }

    /// Makes the window the application's key window without showing it.
    open func makeKey() {
        if let application = UIApplication.current {
            application.setKeyWindow(self)
        } else {
            isKeyWindow = true
        }
    }

    /// Asks for a frame: schedules a commit if the window is shown in a running application.
    func setNeedsCommit() {
        guard !isCommitting else { return }
        needsCommit = true
        guard !isHidden, let application = UIApplication.current else { return }
        application.frameScheduler.schedule()
    }
}
