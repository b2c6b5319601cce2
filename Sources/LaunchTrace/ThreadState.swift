/// What the main thread did during an interval: running, waiting for a CPU, or blocked.
///
/// `onCpuNs` and `runnableNs` come from `/proc/thread-self/schedstat`; faults and
/// context switches from `getrusage(RUSAGE_THREAD)`. The blocked time needs no
/// sampling: it is the wall time the thread was neither running nor runnable.
///
/// A state the runner built from a program's profile (no probe in the process) has the times
/// only: its faults and switches are nil, absent from the JSON, never 0.
package struct ThreadState: Codable, Sendable, Equatable {
    /// Wall-clock duration of the interval, in nanoseconds.
    package var wallNs: Int64
    /// Time the thread ran on a CPU, in nanoseconds.
    package var onCpuNs: Int64
    /// Time the thread was runnable but waiting for a CPU, in nanoseconds.
    package var runnableNs: Int64
    /// Minor page faults (no disk I/O); nil when nothing in the process counted them.
    package var minorFaults: Int64?
    /// Major page faults (the page was read from disk); nil when nothing in the process counted them.
    package var majorFaults: Int64?
    /// Voluntary context switches: the thread blocked (I/O, sleep, lock); nil when nothing in the process counted them.
    package var voluntarySwitches: Int64?
    /// Involuntary context switches: the thread was preempted; nil when nothing in the process counted them.
    package var involuntarySwitches: Int64?

    /// Creates a thread state from its measured parts.
    package init(
        wallNs: Int64, onCpuNs: Int64, runnableNs: Int64,
        minorFaults: Int64? = nil, majorFaults: Int64? = nil,
        voluntarySwitches: Int64? = nil, involuntarySwitches: Int64? = nil
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
    package var blockedNs: Int64 { max(0, wallNs.saturatingSubtract(onCpuNs).saturatingSubtract(runnableNs)) }

    /// An empty interval, every counter 0: what sums start from (a sum with a state whose
    /// counters are unknown has them unknown).
    package static let zero = ThreadState(
        wallNs: 0, onCpuNs: 0, runnableNs: 0, minorFaults: 0, majorFaults: 0, voluntarySwitches: 0,
        involuntarySwitches: 0)

    /// The sum of two intervals' states, each field saturating at `Int64.max` (a validated
    /// trace never comes near it); a counter is known in the sum when it is in both.
    package static func + (lhs: ThreadState, rhs: ThreadState) -> ThreadState {
        ThreadState(
            wallNs: lhs.wallNs.saturatingAdd(rhs.wallNs),
            onCpuNs: lhs.onCpuNs.saturatingAdd(rhs.onCpuNs),
            runnableNs: lhs.runnableNs.saturatingAdd(rhs.runnableNs),
            minorFaults: sum(lhs.minorFaults, rhs.minorFaults),
            majorFaults: sum(lhs.majorFaults, rhs.majorFaults),
            voluntarySwitches: sum(lhs.voluntarySwitches, rhs.voluntarySwitches),
            involuntarySwitches: sum(lhs.involuntarySwitches, rhs.involuntarySwitches)
        )
    }

    private static func sum(_ lhs: Int64?, _ rhs: Int64?) -> Int64? {
        guard let lhs, let rhs else { return nil }
        return lhs.saturatingAdd(rhs)
    }
}

extension ThreadState {
    private enum CodingKeys: String, CodingKey {
        case wallNs, onCpuNs, runnableNs, blockedNs, minorFaults, majorFaults
        case voluntarySwitches, involuntarySwitches
    }

    /// Decodes a thread state; `blockedNs` in the JSON is derived and ignored on input.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            wallNs: try c.decode(Int64.self, forKey: .wallNs),
            onCpuNs: try c.decode(Int64.self, forKey: .onCpuNs),
            runnableNs: try c.decode(Int64.self, forKey: .runnableNs),
            minorFaults: try c.decodeIfPresent(Int64.self, forKey: .minorFaults),
            majorFaults: try c.decodeIfPresent(Int64.self, forKey: .majorFaults),
            voluntarySwitches: try c.decodeIfPresent(Int64.self, forKey: .voluntarySwitches),
            involuntarySwitches: try c.decodeIfPresent(Int64.self, forKey: .involuntarySwitches)
        )
    }

    /// Encodes every known field, including the derived `blockedNs` for readers of the JSON.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(wallNs, forKey: .wallNs)
        try c.encode(onCpuNs, forKey: .onCpuNs)
        try c.encode(runnableNs, forKey: .runnableNs)
        try c.encode(blockedNs, forKey: .blockedNs)
        try c.encodeIfPresent(minorFaults, forKey: .minorFaults)
        try c.encodeIfPresent(majorFaults, forKey: .majorFaults)
        try c.encodeIfPresent(voluntarySwitches, forKey: .voluntarySwitches)
        try c.encodeIfPresent(involuntarySwitches, forKey: .involuntarySwitches)
    }
}
