/// The whole launch of every thread, profiled from outside the app: where each thread's time
/// went on the CPU and off it, from exec to the end of the launch, with no signal sent to the app.
///
/// The runner opens Linux perf events on the child before it execs, inherited by every thread
/// (and process) it starts: a `cpu-clock` sampling event with user call chains for on-CPU time,
/// and context-switch records for off-CPU intervals (with the user stack at which the thread
/// blocked, where the kernel permits it). Each ``ProfileSample`` is a span of one thread's time
/// in one state, charged to one stack; ``threads`` names the threads other than the main one.
package struct LaunchProfile: Codable, Sendable, Equatable {
    /// Which profiler ran, and why it was that one.
    package var source: ProfileSource
    /// A whole sentence saying why the whole-launch profile did not run, when it did not.
    package var fallbackReason: String?
    /// The cpu-clock sampling period in nanoseconds.
    package var samplePeriodNs: Int64
    /// Whether off-CPU intervals carry the stack at which the thread blocked.
    package var offCPUStacks: Bool
    /// Call chains, innermost frame first, shared by the samples that reference them.
    package var stacks: [[Address]]
    /// Every thread's time, in time order (``ProfileSample/thread`` says whose).
    package var samples: [ProfileSample]
    /// The threads the profile followed, the main thread first; empty when only the main
    /// thread was followed.
    package var threads: [ProfileThread]
    /// Executable mappings seen while the launch ran (from the kernel's mmap records).
    package var images: [LoadedImage]
    /// Records the kernel dropped because the ring buffer was full.
    package var lostRecords: Int
    /// Samples dropped because the profile reached its size limit.
    package var droppedSamples: Int

    /// Creates a profile.
    package init(
        source: ProfileSource, fallbackReason: String? = nil, samplePeriodNs: Int64, offCPUStacks: Bool,
        stacks: [[Address]], samples: [ProfileSample], images: [LoadedImage], lostRecords: Int = 0,
        droppedSamples: Int = 0, threads: [ProfileThread] = []
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
        self.threads = threads
    }

    /// Decodes a profile; one written before threads were followed has none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(ProfileSource.self, forKey: .source)
        fallbackReason = try container.decodeIfPresent(String.self, forKey: .fallbackReason)
        samplePeriodNs = try container.decode(Int64.self, forKey: .samplePeriodNs)
        offCPUStacks = try container.decode(Bool.self, forKey: .offCPUStacks)
        stacks = try container.decode([[Address]].self, forKey: .stacks)
        samples = try container.decode([ProfileSample].self, forKey: .samples)
        images = try container.decode([LoadedImage].self, forKey: .images)
        lostRecords = try container.decode(Int.self, forKey: .lostRecords)
        droppedSamples = try container.decode(Int.self, forKey: .droppedSamples)
        threads = try container.decodeIfPresent([ProfileThread].self, forKey: .threads) ?? []
    }

    /// The main thread's total time in `state`, in nanoseconds.
    package func totalNs(_ state: ProfileSample.State) -> Int64 {
        samples.reduce(0) { $0 + ($1.state == state && $1.isMainThread ? $1.durationNs : 0) }
    }

    /// The main thread's samples, in time order.
    package var mainThreadSamples: [ProfileSample] { samples.filter(\.isMainThread) }

    /// The thread with kernel id `id`, if the profile names it.
    package func thread(_ id: Int32) -> ProfileThread? { threads.first { $0.id == id } }
}
