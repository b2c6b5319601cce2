/// What the main thread did during an interval: running, waiting for a CPU, or blocked.
///
/// `onCpuNs` and `runnableNs` come from `/proc/thread-self/schedstat`; faults and
/// context switches from `getrusage(RUSAGE_THREAD)`. The blocked time needs no
/// sampling: it is the wall time the thread was neither running nor runnable.
public struct ThreadState: Codable, Sendable, Equatable {
    /// Wall-clock duration of the interval, in nanoseconds.
    public var wallNs: Int64
    /// Time the thread ran on a CPU, in nanoseconds.
    public var onCpuNs: Int64
    /// Time the thread was runnable but waiting for a CPU, in nanoseconds.
    public var runnableNs: Int64
    /// Minor page faults (no disk I/O).
    public var minorFaults: Int64
    /// Major page faults (the page was read from disk).
    public var majorFaults: Int64
    /// Voluntary context switches: the thread blocked (I/O, sleep, lock).
    public var voluntarySwitches: Int64
    /// Involuntary context switches: the thread was preempted.
    public var involuntarySwitches: Int64

    /// Creates a thread state from its measured parts.
    public init(
        wallNs: Int64, onCpuNs: Int64, runnableNs: Int64,
        minorFaults: Int64 = 0, majorFaults: Int64 = 0,
        voluntarySwitches: Int64 = 0, involuntarySwitches: Int64 = 0
    ) {
        self.wallNs = wallNs
        self.onCpuNs = onCpuNs
        self.runnableNs = runnableNs
        self.minorFaults = minorFaults
        self.majorFaults = majorFaults
        self.voluntarySwitches = voluntarySwitches
        self.involuntarySwitches = involuntarySwitches
    }

    /// Time the thread was off the CPU and not runnable (sleeping, waiting on I/O or a lock),
    /// in nanoseconds: wall time minus on-CPU minus runnable, never negative.
    public var blockedNs: Int64 { max(0, wallNs.saturatingSubtract(onCpuNs).saturatingSubtract(runnableNs)) }

    /// An empty interval.
    public static let zero = ThreadState(wallNs: 0, onCpuNs: 0, runnableNs: 0)

    /// The sum of two intervals' states, each field saturating at `Int64.max` (a validated
    /// trace never comes near it).
    public static func + (lhs: ThreadState, rhs: ThreadState) -> ThreadState {
        ThreadState(
            wallNs: lhs.wallNs.saturatingAdd(rhs.wallNs),
            onCpuNs: lhs.onCpuNs.saturatingAdd(rhs.onCpuNs),
            runnableNs: lhs.runnableNs.saturatingAdd(rhs.runnableNs),
            minorFaults: lhs.minorFaults.saturatingAdd(rhs.minorFaults),
            majorFaults: lhs.majorFaults.saturatingAdd(rhs.majorFaults),
            voluntarySwitches: lhs.voluntarySwitches.saturatingAdd(rhs.voluntarySwitches),
            involuntarySwitches: lhs.involuntarySwitches.saturatingAdd(rhs.involuntarySwitches)
        )
    }
}

extension ThreadState {
    private enum CodingKeys: String, CodingKey {
        case wallNs, onCpuNs, runnableNs, blockedNs, minorFaults, majorFaults
        case voluntarySwitches, involuntarySwitches
    }

    /// Decodes a thread state; `blockedNs` in the JSON is derived and ignored on input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            wallNs: try c.decode(Int64.self, forKey: .wallNs),
            onCpuNs: try c.decode(Int64.self, forKey: .onCpuNs),
            runnableNs: try c.decode(Int64.self, forKey: .runnableNs),
            minorFaults: try c.decode(Int64.self, forKey: .minorFaults),
            majorFaults: try c.decode(Int64.self, forKey: .majorFaults),
            voluntarySwitches: try c.decode(Int64.self, forKey: .voluntarySwitches),
            involuntarySwitches: try c.decode(Int64.self, forKey: .involuntarySwitches)
        )
    }

    /// Encodes every field, including the derived `blockedNs` for readers of the JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(wallNs, forKey: .wallNs)
        try c.encode(onCpuNs, forKey: .onCpuNs)
        try c.encode(runnableNs, forKey: .runnableNs)
        try c.encode(blockedNs, forKey: .blockedNs)
        try c.encode(minorFaults, forKey: .minorFaults)
        try c.encode(majorFaults, forKey: .majorFaults)
        try c.encode(voluntarySwitches, forKey: .voluntarySwitches)
        try c.encode(involuntarySwitches, forKey: .involuntarySwitches)
    }
}
