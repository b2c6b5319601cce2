import LaunchTrace

/// One weighted main-thread stack of a launch: a stall sample, or a blocking call.
public struct ProfileSample: Codable, Sendable, Equatable {
    /// Where a sample comes from.
    public enum Source: String, Codable, Sendable {
        /// A stack sample the stall sampler took.
        case stallSample
        /// A blocking call the tracer timed, with the stack at the call.
        case blockingCall
    }

    /// Where the sample comes from.
    public var source: Source
    /// When, in nanoseconds after the launch started (the call's start for a blocking call).
    public var timeNs: Int64
    /// Main-thread time the sample stands for, in nanoseconds: the sampling interval for a
    /// stall sample, the duration for a blocking call.
    public var weightNs: Int64
    /// The phase running at that time, if any.
    public var phase: LaunchPhase?
    /// Indexes into ``MainThreadProfile/frames``, root first. A blocking call ends with a
    /// frame naming the call, e.g. `read() [fileIO]`.
    public var stack: [Int]

    /// Creates a sample.
    public init(source: Source, timeNs: Int64, weightNs: Int64, phase: LaunchPhase?, stack: [Int]) {
        self.source = source
        self.timeNs = timeNs
        self.weightNs = weightNs
        self.phase = phase
        self.stack = stack
    }
}
