/// A point in the launch after which a profiled launch ends (`LAUNCHPROF_EXIT_AFTER`).
package enum ExitPoint: String, Codable, Sendable, CaseIterable {
    /// After the first frame is committed.
    case firstFrame
    /// After `applicationDidBecomeActive(_:)` returns.
    case active
    /// After the app calls `reportFullyDrawn()`.
    case fullyDrawn
    /// After the app came back from the background and became active again
    /// (the `resume` scenario).
    case resumed
}
