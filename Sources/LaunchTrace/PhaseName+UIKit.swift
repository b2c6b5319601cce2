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
    /// Scene-based apps only: the scene configurations of the Info.plist are checked and
    /// `application(_:configurationForConnecting:options:)` chooses the scene's configuration.
    public static let sceneConfiguration = PhaseName("sceneConfiguration")
    /// Scene-based apps only: the scene and its delegate are created, the configuration's
    /// storyboard (if any) is loaded, and `scene(_:willConnectTo:options:)` runs.
    public static let sceneWillConnect = PhaseName("sceneWillConnect")
    /// From the end of `didFinishLaunching` (a scene-based app: of `scene(_:willConnectTo:options:)`,
    /// then `sceneWillEnterForeground`) to the first committed frame: the root view is loaded,
    /// laid out and rendered.
    public static let firstVisibleWindow = PhaseName("firstVisibleWindow")
    /// `applicationDidBecomeActive(_:)` (a scene-based app: `sceneDidBecomeActive(_:)`); the app
    /// is active when it ends.
    public static let didBecomeActive = PhaseName("didBecomeActive")

    /// The phases of a LaunchKit launch on the app-delegate path, in the order
    /// `UIApplicationMain` runs them. They are contiguous: the durations of ``binaryLoad``
    /// through ``firstVisibleWindow`` add up to the time to first frame.
    public static let uikit: [PhaseName] = [
        .binaryLoad, .applicationObject, .delegateObject, .infoPlist, .willFinishLaunching,
        .mainStoryboard, .didFinishLaunching, .firstVisibleWindow, .didBecomeActive,
    ]

    /// The phases of a scene-based app's LaunchKit launch (an Info.plist with
    /// `UIApplicationSceneManifest`), in order: no ``mainStoryboard``, and the scene's
    /// ``sceneConfiguration`` and ``sceneWillConnect`` between ``didFinishLaunching`` and
    /// ``firstVisibleWindow``. Contiguous as ``uikit``'s are.
    public static let uikitScene: [PhaseName] = [
        .binaryLoad, .applicationObject, .delegateObject, .infoPlist, .willFinishLaunching,
        .didFinishLaunching, .sceneConfiguration, .sceneWillConnect, .firstVisibleWindow, .didBecomeActive,
    ]

    /// Every phase LaunchKit records, on either path, in launch order: the catalogue that
    /// budgets, comparisons, history and reports know by name.
    public static let uikitCatalogue: [PhaseName] = [
        .binaryLoad, .applicationObject, .delegateObject, .infoPlist, .willFinishLaunching,
        .mainStoryboard, .didFinishLaunching, .sceneConfiguration, .sceneWillConnect, .firstVisibleWindow,
        .didBecomeActive,
    ]
}
