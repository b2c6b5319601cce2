import LaunchTrace

/// One weighted stack of a launch, on one thread: a span of the whole-launch profile (on the
/// CPU or blocked), a blocking call the tracer timed, or (without the whole-launch profile) a
/// stall sample of the main thread.
package struct WeightedStack: Codable, Sendable, Equatable {
    /// Where a sample comes from.
    package enum Source: String, Codable, Sendable {
        /// A stack sample the stall sampler took (used only without the whole-launch profile).
        case stallSample
        /// A blocking call the tracer timed, with the stack at the call.
        case blockingCall
        /// A cpu-clock sample of the whole-launch profile: the thread ran on a CPU.
        case onCPU
        /// An off-CPU span of the whole-launch profile: the thread blocked, with the stack at
        /// which it blocked when the kernel gave one.
        case blocked
    }

    /// The thread-root name of the program's main thread.
    package static let mainThreadName = "main thread"

    /// Where the sample comes from.
    package var source: Source
    /// When, in nanoseconds after the launch started: the start of the span it weighs (a
    /// blocking call's start; an on-CPU sample's period ends when it was taken).
    package var timeNs: Int64
    /// Thread time the sample stands for, in nanoseconds: the sampling interval for a stall
    /// sample, the sampling period for an on-CPU sample, the duration for a blocking call or a
    /// blocked span.
    package var weightNs: Int64
    /// The phase in which the sample was taken, if any.
    package var phase: LaunchPhase?
    /// Indexes into ``MainThreadProfile/frames``, root first. A blocking call ends with a
    /// frame naming the call, e.g. `read() [fileIO]`; a blocked span with `[blocked]`.
    package var stack: [Int]
    /// The thread's kernel id, or nil for the program's main thread.
    package var thread: Int32?
    /// The frame that roots the thread's stacks in flame graphs: `main thread`, or
    /// `thread NIO-ELT-0-#1` (see ``MainThreadProfile/threadName(_:in:)``).
    package var threadName: String

    /// Creates a sample.
    package init(
        source: Source, timeNs: Int64, weightNs: Int64, phase: LaunchPhase?, stack: [Int], thread: Int32? = nil,
        threadName: String = WeightedStack.mainThreadName
    ) {
        self.source = source
        self.timeNs = timeNs
        self.weightNs = weightNs
        self.phase = phase
        self.stack = stack
        self.thread = thread
        self.threadName = threadName
    }

    /// Decodes a sample; one written before samples named their thread is the main thread's.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(Source.self, forKey: .source)
        timeNs = try container.decode(Int64.self, forKey: .timeNs)
        weightNs = try container.decode(Int64.self, forKey: .weightNs)
        phase = try container.decodeIfPresent(LaunchPhase.self, forKey: .phase)
        stack = try container.decode([Int].self, forKey: .stack)
        thread = try container.decodeIfPresent(Int32.self, forKey: .thread)
        threadName = try container.decodeIfPresent(String.self, forKey: .threadName) ?? Self.mainThreadName
    }

    /// Whether the sample comes from the whole-launch profile (on-CPU or blocked).
    package var isWholeLaunch: Bool { source == .onCPU || source == .blocked }
}
