/// A stretch of the launch in which the main queue did not answer the watchdog's ping within
/// the stall threshold, with the stack samples taken until it answered.
public struct Stall: Codable, Sendable, Equatable {
    /// When the unanswered ping was posted, in nanoseconds after the launch started.
    public var startNs: Int64
    /// From the ping's posting to its running on the main queue, in nanoseconds.
    public var durationNs: Int64
    /// The phase running when the stall started.
    public var phase: LaunchPhase?
    /// Stack samples taken during the stall, in time order.
    public var samples: [StackSample]

    /// Creates a stall.
    public init(startNs: Int64, durationNs: Int64, phase: LaunchPhase?, samples: [StackSample]) {
        self.startNs = startNs
        self.durationNs = durationNs
        self.phase = phase
        self.samples = samples
    }
}
