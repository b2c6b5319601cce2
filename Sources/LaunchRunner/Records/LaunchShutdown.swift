import LaunchTrace

/// How the runner ended a program once it was ready: SIGTERM to its process group, then
/// SIGKILL if it had not exited after the grace period.
package struct LaunchShutdown: Codable, Sendable, Equatable {
    /// What ended the program.
    package enum Method: String, Codable, Sendable {
        /// It exited within the grace period after SIGTERM.
        case terminated
        /// It was still running at the end of the grace period and was killed (SIGKILL).
        case killedAfterGrace
    }

    /// What ended the program.
    package var method: Method
    /// The grace period between SIGTERM and SIGKILL, in nanoseconds.
    package var gracePeriodNs: Int64
    /// From SIGTERM to the program's end as the runner saw it, in nanoseconds.
    package var durationNs: Int64
    /// The exit status, when the program exited.
    package var exitStatus: Int32?
    /// The signal that ended it, when a signal did.
    package var signal: Int32?

    /// Creates a shutdown record.
    package init(
        method: Method, gracePeriodNs: Int64, durationNs: Int64, exitStatus: Int32? = nil, signal: Int32? = nil
    ) {
        self.method = method
        self.gracePeriodNs = gracePeriodNs
        self.durationNs = durationNs
        self.exitStatus = exitStatus
        self.signal = signal
    }
}
