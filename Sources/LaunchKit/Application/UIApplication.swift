import LaunchProbe

/// The app itself: one per process, created by `UIApplicationMain`, as in UIKit.
///
/// Creating a second instance is a fatal error.
///
/// ```swift
/// UIApplication.shared.reportFullyDrawn()
/// ```
@MainActor
open class UIApplication: UIResponder {
    /// The application of this process, if one has been created.
    static var current: UIApplication?

    /// The application created by `UIApplicationMain`. Reading it before then is a fatal error.
    public class var shared: UIApplication {
        guard let current else {
            fatalError("UIApplication.shared was read before UIApplicationMain created the application.")
        }
        return current
    }

    /// The app delegate, which receives the launch and life-cycle callbacks.
    public var delegate: (any UIApplicationDelegate)?

    /// Whether the app is active, inactive (launching, or about to leave the foreground)
    /// or in the background.
    public internal(set) var applicationState: State = .inactive

    /// The key window, set by `makeKeyAndVisible()` or `makeKey()`.
    public private(set) var keyWindow: UIWindow?

    /// The shown windows, from the lowest ``UIWindow/Level`` to the highest (in showing
    /// order within a level): the order they are drawn in.
    public var windows: [UIWindow] { shownWindows }

    /// The probe the application reports to; ``LaunchProbe/shared`` unless a test sets another.
    var probe: LaunchProbe = .shared
    /// Commits frames at the end of run-loop turns.
    var frameScheduler = FrameScheduler(mode: .mainQueue)
    /// The launch pipeline driving this application's life cycle, if any.
    weak var lifecycle: LaunchPipeline?
    /// The environment that names the display to show windows on (`WAYLAND_DISPLAY`, `DISPLAY`); `UIApplicationMain`
    /// sets the process's. Empty (no display: windows are drawn in memory only) for an
    /// application a test creates.
    var displayEnvironment: [String: String] = [:]
    /// The name windows carry on the display: the app's name once the Info.plist is read.
    var displayTitle = "LaunchKit"
    /// The display, connected when the first window is shown; `nil` without one.
    private(set) lazy var display: DisplayServer? = connectDisplay()
    private var shownWindows: [UIWindow] = []

    /// Creates the application. There is one per process: a second one is a fatal error.
    public required init() {
        if let existing = Self.current {
            fatalError(
                "There can only be one UIApplication instance: \(type(of: existing)) already exists, so \(Self.self) cannot be created."
            )
        }
        super.init()
        Self.current = self
        frameScheduler.commit = { [weak self] in self?.commitFrame() }
    }

    /// Records that the app's content is fully drawn (the "fully drawn" launch marker):
    /// calls `LaunchProbe.shared.reportFullyDrawn()`, which ends a profiled launch when
    /// `LAUNCHPROF_EXIT_AFTER=fullyDrawn`.
    public func reportFullyDrawn() {
        probe.reportFullyDrawn()
    }

    // MARK: Windows

    func setKeyWindow(_ window: UIWindow) {
        if let old = keyWindow, old !== window { old.isKeyWindow = false }
        keyWindow = window
        window.isKeyWindow = true
    }

    func windowVisibilityDidChange(_ window: UIWindow) {
        shownWindows.removeAll { $0 === window }
        showOnDisplay(window)
        if !window.isHidden {
            shownWindows.append(window)
            windowsDidChange()
            window.setNeedsCommit()
        }
    }

    func windowsDidChange() {
        // A stable sort keeps the showing order within a level.
        shownWindows = shownWindows.enumerated()
            .sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
            .map(\.element)
    }

    // MARK: Frames

    /// Commits a frame of every shown window with changes, then tells the life cycle. With a
    /// display, the life cycle hears of the frame when the display has taken it.
    /// Nothing is drawn in the background; the changes wait for the return to the foreground.
    func commitFrame() {
        guard applicationState != .background else { return }
        var committed = false
        for window in shownWindows where window.needsCommit {
            window.commit()
            committed = true
        }
        if committed { presentCommittedFrames() }
        lifecycle?.frameDidCommit()
    }

    /// Forgets the application of this process so a test can create another.
    static func resetForTesting() {
        current = nil
    }
}

private func < (lhs: (UIWindow.Level, Int), rhs: (UIWindow.Level, Int)) -> Bool {
    lhs.0 != rhs.0 ? lhs.0 < rhs.0 : lhs.1 < rhs.1
}
