/// A phase of an app launch, in the order `UIApplicationMain` runs them.
///
/// Phases are contiguous: each one starts where the previous one ended, so the
/// durations of ``binaryLoad`` through ``firstVisibleWindow`` add up to the
/// time to first frame.
///
/// ```swift
/// for phase in LaunchPhase.allCases { print(phase.rawValue) }
/// ```
public enum LaunchPhase: String, Codable, Sendable, CaseIterable, Comparable {
    /// From the spawn of the process to the start of `UIApplicationMain`: loader,
    /// shared libraries, static initializers, and the top-level code before it.
    case binaryLoad
    /// The principal class (`UIApplication` or a subclass) is created.
    case applicationObject
    /// The delegate class is created and set as `application.delegate`.
    case delegateObject
    /// `Info.plist` is read; `UIMainStoryboardFile` chooses the storyboard or the code path.
    case infoPlist
    /// `application(_:willFinishLaunchingWithOptions:)`.
    case willFinishLaunching
    /// Storyboard path only: the storyboard is loaded, the initial view controller and
    /// the window are created, and `delegate.window` is assigned.
    case mainStoryboard
    /// `application(_:didFinishLaunchingWithOptions:)`.
    case didFinishLaunching
    /// From the end of `didFinishLaunching` to the first committed frame: the root
    /// view is loaded, laid out and rendered.
    case firstVisibleWindow
    /// `applicationDidBecomeActive(_:)`; the app is active when it ends.
    case didBecomeActive

    /// The phase's position in the launch, starting at 0.
    public var ordinal: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether the phase ends at or before the first committed frame.
    public var isBeforeFirstFrame: Bool { self != .didBecomeActive }

    /// Phases order by their position in the launch.
    public static func < (lhs: LaunchPhase, rhs: LaunchPhase) -> Bool { lhs.ordinal < rhs.ordinal }
}
