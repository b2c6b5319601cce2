/// Who hears of a launched app's moves between the foreground and the background: the app
/// delegate (``AppDelegateCallbacks``), or in a scene-based app the scene's delegate
/// (``SceneConnection``), as in UIKit. The launch pipeline calls these where the app's state
/// changes; each also keeps its own state (the scene's ``UIScene/activationState``).
@MainActor
protocol LifeCycleCallbacks: AnyObject {
    /// The app became active (after the first frame, or after returning to the foreground).
    func didBecomeActive()
    /// The app is about to stop being active.
    func willResignActive()
    /// The app is now in the background.
    func didEnterBackground()
    /// The app is about to return to the foreground.
    func willEnterForeground()
    /// The app is about to end.
    func willTerminate()
}
