/// The conditions a launch runs under (`LAUNCHPROF_SCENARIO`, the `scenario` of traces,
/// launch records, runs and budget rules).
public enum Scenario: String, Codable, Sendable, CaseIterable {
    /// The app's files are in the page cache, as after a recent launch (the default).
    case warm
    /// The executable and the shared libraries it maps are evicted from the page cache
    /// before each launch with `posix_fadvise(POSIX_FADV_DONTNEED)`; no root needed.
    case cold
    /// The app launches, is sent to the background (SIGUSR1) and brought back (SIGUSR2);
    /// the resume is timed from `willEnterForeground` to the next frame and to active.
    case resume

    /// The exit point the app is given for this scenario unless another is asked for.
    public var defaultExitPoint: ExitPoint {
        switch self {
        case .warm, .cold: .active
        case .resume: .resumed
        }
    }
}
