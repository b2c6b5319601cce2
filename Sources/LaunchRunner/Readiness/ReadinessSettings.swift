import LaunchTrace

/// When a launch counts as ready and how the runner ends it afterwards.
package struct ReadinessSettings: Sendable, Equatable {
    /// The condition (`--ready-when`), or `nil`: a LaunchKit or LaunchProbe app's exit point,
    /// and the program's exit for a program that writes no trace.
    package var condition: ReadyCondition?
    /// Seconds between SIGTERM and SIGKILL when the runner ends a ready program.
    package var gracePeriodSeconds: Double
    /// The display a `window` or `frame` condition watches (``DisplaySession/apply(to:)`` sets it).
    package var display: DisplayAddress?
    /// Whether a `frame` launch's first frame is kept as a picture in the run folder (on by
    /// default; `--no-frame-pictures`).
    package var keepsFramePictures = true

    /// The default grace period: long enough for a server's orderly shutdown.
    package static let defaultGracePeriodSeconds = 2.0

    /// Creates settings.
    package init(
        condition: ReadyCondition? = nil, gracePeriodSeconds: Double = ReadinessSettings.defaultGracePeriodSeconds
    ) {
        self.condition = condition
        self.gracePeriodSeconds = gracePeriodSeconds
    }

    /// Whether the runner watches for readiness while the program runs (every condition but
    /// `exit`, which the program's end meets).
    var watchesWhileRunning: Bool {
        guard let condition else { return false }
        return condition != .exit
    }
}
