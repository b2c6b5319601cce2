/// The life cycle of an app on the app-delegate path: the delegate's
/// `applicationDidBecomeActive`, `applicationWillResignActive`, `applicationDidEnterBackground`,
/// `applicationWillEnterForeground` and `applicationWillTerminate`, in the seeds' order.
@MainActor
final class AppDelegateCallbacks: LifeCycleCallbacks {
    private let application: UIApplication
    private let delegate: (any UIApplicationDelegate)?

    init(application: UIApplication, delegate: (any UIApplicationDelegate)?) {
        self.application = application
        self.delegate = delegate
    }

    func didBecomeActive() { delegate?.applicationDidBecomeActive(application) }
    func willResignActive() { delegate?.applicationWillResignActive(application) }
    func didEnterBackground() { delegate?.applicationDidEnterBackground(application) }
    func willEnterForeground() { delegate?.applicationWillEnterForeground(application) }
    func willTerminate() { delegate?.applicationWillTerminate(application) }
}
