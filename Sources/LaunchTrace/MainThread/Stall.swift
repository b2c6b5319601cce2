/// A stretch of the launch in which the main queue did not answer the watchdog's ping within
/// the stall threshold, with the stack samples taken until it answered.
package struct Stall: Codable, Sendable, Equatable {
    /// When the unanswered ping was posted, in nanoseconds after the launch started.
    package var startNs: Int64
    /// From the ping's posting to its running on the main queue, in nanoseconds.
    package var durationNs: Int64
    /// The phase running when the stall started.
    package var phase: LaunchPhase?
    /// Stack samples taken during the stall, in time order.
    package var samples: [StackSample]

    /// Creates a stall.
    package init(startNs: Int64, durationNs: Int64, phase: LaunchPhase?, samples: [StackSample]) {
        self.startNs = startNs
        self.durationNs = durationNs
        self.phase = phase
        self.samples = samples
    }
}
