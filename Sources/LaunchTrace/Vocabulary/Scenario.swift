/// The conditions a launch runs under (`LAUNCHPROF_SCENARIO`, the `scenario` of traces,
/// launch records, runs and budget rules).
package enum Scenario: String, Codable, Sendable, CaseIterable {
    /// The app's files are in the page cache, as after a recent launch (the default).
    case warm
    /// The executable and the shared libraries it maps are evicted from the page cache
    /// before each launch with `posix_fadvise(POSIX_FADV_DONTNEED)`; no root needed.
    case cold
    /// The app launches, is sent to the background (SIGUSR1) and brought back (SIGUSR2);
    /// the resume is timed from `willEnterForeground` to the next frame and to active.
    case resume
    /// The app is launched for a background reason (a silent remote notification unless
    /// `--launch-reason` gives another): no scene is connected, no window is shown, and the
    /// launch ends when `application(_:didFinishLaunchingWithOptions:)` returns. Its numbers are
    /// kept apart from the foreground launches', as MetricKit keeps background launches apart.
    case background

    /// The exit point the app is given for this scenario unless another is asked for. A
    /// background launch ends at its own end (the return of `didFinishLaunching`) at `active`.
    package var defaultExitPoint: ExitPoint {
        switch self {
        case .warm, .cold, .background: .active
        case .resume: .resumed
        }
    }

    /// The variable that tells a LaunchKit app it is launched in the background (`1`).
    package static let backgroundVariable = "LAUNCHKIT_BACKGROUND_LAUNCH"

    /// The variables the app is launched with for this scenario: ``backgroundVariable`` for
    /// ``background``, none otherwise.
    package var appEnvironment: [String: String] {
        self == .background ? [Self.backgroundVariable: "1"] : [:]
    }
}
