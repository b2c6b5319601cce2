import LaunchKit
import LaunchTrace

/// FixtureApp's delegate: does what ``FixtureBehavior`` says, and in the code path shows a
/// window with a ``FixtureViewController``.
final class FixtureDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let behavior = FixtureBehavior.current

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        log("applicationWillFinishLaunching")
        if behavior == .lifecycle, let url = launchOptions?[.url] as? URL {
            log("launchURL \(url.absoluteString)")
        }
        if case .readChunks(let count) = behavior { FixtureWork.readInChunks(count: count) }
        return true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        log("applicationDidFinishLaunching")
        switch behavior {
        case .crash: abort()
        case .crashOnRun(let run):
            if Self.runIndex == run { abort() }
        case .hang: FixtureWork.sleepForever()
        case .noTrace: exit(0)
        case .exitError: exit(3)
        case .sleep(let milliseconds): FixtureWork.sleepOnMain(milliseconds: milliseconds)
        case .sleepByRun(let odd, let even):
            let run = Self.runIndex ?? 1
            FixtureWork.sleepOnMain(milliseconds: run % 2 == 1 ? odd : even)
        case .spin(let milliseconds): FixtureWork.spinOnMain(milliseconds: milliseconds)
        case .work(let millions): FixtureWork.computeOnMain(millions: millions)
        case .block(let kind, let milliseconds): FixtureBlocking.perform(kind, milliseconds: milliseconds)
        case .noFramePointers(let milliseconds): FixtureBlocking.spinWithoutFramePointers(milliseconds)
        case .slowerWhenTraced(let milliseconds):
            let preload = ProcessInfo.processInfo.environment["LD_PRELOAD"] ?? ""
            if preload.contains("LaunchPreload") { FixtureWork.sleepOnMain(milliseconds: milliseconds) }
        case .normal, .lifecycle, .badDelegate, .wrongKindDelegate, .readChunks, .cpuInViewDidLoad: break
        }
        if window == nil {
            let window = UIWindow()
            window.backgroundColor = .white
            let root = FixtureViewController()
            if case .cpuInViewDidLoad(let milliseconds) = behavior { root.cpuMilliseconds = milliseconds }
            window.rootViewController = root
            window.makeKeyAndVisible()
            self.window = window
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { log("applicationDidBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log("applicationWillResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log("applicationDidEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { log("applicationWillEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { log("applicationWillTerminate") }

    /// The launch's index in its run, as the runner set it.
    private static var runIndex: Int? {
        ProfilerEnvironment(decoding: ProcessInfo.processInfo.environment).runIndex
    }

    private func log(_ line: String) {
        guard behavior == .lifecycle else { return }
        print(line)
        fflush(nil)
    }
}
