/// The conditions a launch runs under.
public enum Scenario: String, Sendable, CaseIterable, Codable {
    /// The app's files are in the page cache, as after a recent launch (the default).
    case warm
    /// The executable and the shared libraries it maps are evicted from the page cache
    /// before each launch with `posix_fadvise(POSIX_FADV_DONTNEED)`; no root needed.
    case cold
    /// The app launches, is sent to the background (SIGUSR1) and brought back (SIGUSR2);
    /// the resume is timed from `willEnterForeground` to the next frame and to active.
    case resume

    /// The exit point the app is given for this scenario.
    var exitPoint: String {
        switch self {
        case .warm, .cold: "active"
        case .resume: "resumed"
        }
    }
}
