/// The main thread's whole launch, profiled from outside the app: where its time went on the
/// CPU and off it, from exec to the end of the launch, with no signal sent to the app.
///
/// The runner opens Linux perf events on the child before it execs: a `cpu-clock` sampling
/// event with user call chains for on-CPU time, and context-switch records for off-CPU
/// intervals (with the user stack at which the thread blocked, where the kernel permits it).
/// Each ``ProfileSample`` is a span of the main thread's time in one state, charged to one stack.
public struct LaunchProfile: Codable, Sendable, Equatable {
    /// Which profiler ran, and why it was that one.
    public var source: ProfileSource
    /// A whole sentence saying why the whole-launch profile did not run, when it did not.
    public var fallbackReason: String?
    /// The cpu-clock sampling period in nanoseconds.
    public var samplePeriodNs: Int64
    /// Whether off-CPU intervals carry the stack at which the thread blocked.
    public var offCPUStacks: Bool
    /// Call chains, innermost frame first, shared by the samples that reference them.
    public var stacks: [[Address]]
    /// The main thread's time, in time order.
    public var samples: [ProfileSample]
    /// Executable mappings seen while the launch ran (from the kernel's mmap records).
    public var images: [LoadedImage]
    /// Records the kernel dropped because the ring buffer was full.
    public var lostRecords: Int
    /// Samples dropped because the profile reached its size limit.
    public var droppedSamples: Int

    /// Creates a profile.
    public init(
        source: ProfileSource, fallbackReason: String? = nil, samplePeriodNs: Int64, offCPUStacks: Bool,
        stacks: [[Address]], samples: [ProfileSample], images: [LoadedImage], lostRecords: Int = 0,
        droppedSamples: Int = 0
    ) {
        self.source = source
        self.fallbackReason = fallbackReason
        self.samplePeriodNs = samplePeriodNs
        self.offCPUStacks = offCPUStacks
        self.stacks = stacks
        self.samples = samples
        self.images = images
        self.lostRecords = lostRecords
        self.droppedSamples = droppedSamples
    }

    /// The total time of the samples in `state`, in nanoseconds.
    public func totalNs(_ state: ProfileSample.State) -> Int64 {
        samples.reduce(0) { $0 + ($1.state == state ? $1.durationNs : 0) }
    }
}
