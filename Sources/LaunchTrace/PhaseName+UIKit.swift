extension PhaseName {
    /// From the spawn of the process to the start of `UIApplicationMain`: loader,
    /// shared libraries, static initializers, and the top-level code before it.
    public static let binaryLoad = PhaseName("binaryLoad")
    /// The principal class (`UIApplication` or a subclass) is created.
    public static let applicationObject = PhaseName("applicationObject")
    /// The delegate class is created and set as `application.delegate`.
    public static let delegateObject = PhaseName("delegateObject")
    /// `Info.plist` is read; `UIMainStoryboardFile` chooses the storyboard or the code path.
    public static let infoPlist = PhaseName("infoPlist")
    /// `application(_:willFinishLaunchingWithOptions:)`.
    public static let willFinishLaunching = PhaseName("willFinishLaunching")
    /// Storyboard path only: the storyboard is loaded, the initial view controller and
    /// the window are created, and `delegate.window` is assigned.
    public static let mainStoryboard = PhaseName("mainStoryboard")
    /// `application(_:didFinishLaunchingWithOptions:)`.
    public static let didFinishLaunching = PhaseName("didFinishLaunching")
    /// From the end of `didFinishLaunching` to the first committed frame: the root
    /// view is loaded, laid out and rendered.
    public static let firstVisibleWindow = PhaseName("firstVisibleWindow")
    /// `applicationDidBecomeActive(_:)`; the app is active when it ends.
    public static let didBecomeActive = PhaseName("didBecomeActive")

    /// The phases of a LaunchKit launch, in the order `UIApplicationMain` runs them. They are
    /// contiguous: the durations of ``binaryLoad`` through ``firstVisibleWindow`` add up to the
    /// time to first frame.
    public static let uikit: [PhaseName] = [
        .binaryLoad, .applicationObject, .delegateObject, .infoPlist, .willFinishLaunching,
        .mainStoryboard, .didFinishLaunching, .firstVisibleWindow, .didBecomeActive,
    ]
}
