/// The headline durations of a launch, in nanoseconds after the launch started.
///
/// A total is `nil` when the launch ended before reaching it.
package struct LaunchTotals: Codable, Sendable, Equatable {
    /// Spawn to the launch screen (`UILaunchStoryboardName`) on the display, or rendered when
    /// there is no display: what a person sees first of a LaunchKit app's launch.
    package var timeToLaunchScreenNs: Int64?
    /// Spawn to the first committed frame.
    package var timeToFirstFrameNs: Int64?
    /// Spawn to the end of `applicationDidBecomeActive(_:)`.
    package var timeToActiveNs: Int64?
    /// Spawn to the app's `reportFullyDrawn()` call.
    package var timeToFullDisplayNs: Int64?
    /// Spawn to the program's first top-level window shown on the display (mapped on X11, its
    /// toplevel configured on Wayland), as the display server saw it.
    package var timeToFirstWindowNs: Int64?
    /// Spawn to readiness: the runner's `--ready-when` condition, the exit of a program that
    /// writes no trace, or LaunchProbe's `ready()`.
    package var timeToReadyNs: Int64?

    /// Creates totals.
    package init(
        timeToFirstFrameNs: Int64? = nil, timeToActiveNs: Int64? = nil, timeToFullDisplayNs: Int64? = nil,
        timeToReadyNs: Int64? = nil
    ) {
        self.timeToFirstFrameNs = timeToFirstFrameNs
        self.timeToActiveNs = timeToActiveNs
        self.timeToFullDisplayNs = timeToFullDisplayNs
        self.timeToReadyNs = timeToReadyNs
    }
}
