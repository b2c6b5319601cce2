import CLaunchProbe
import LaunchTrace

/// Raw, cumulative counters of one thread at one instant.
public struct ThreadCounters: Sendable, Equatable {
    /// Cumulative on-CPU time, in nanoseconds.
    public var onCpuNs: Int64
    /// Cumulative time runnable but waiting for a CPU, in nanoseconds.
    public var runnableNs: Int64
    /// Cumulative minor page faults.
    public var minorFaults: Int64
    /// Cumulative major page faults.
    public var majorFaults: Int64
    /// Cumulative voluntary context switches.
    public var voluntarySwitches: Int64
    /// Cumulative involuntary context switches.
    public var involuntarySwitches: Int64

    /// Creates counters.
    public init(
        onCpuNs: Int64 = 0, runnableNs: Int64 = 0, minorFaults: Int64 = 0, majorFaults: Int64 = 0,
        voluntarySwitches: Int64 = 0, involuntarySwitches: Int64 = 0
    ) {
        self.onCpuNs = onCpuNs
        self.runnableNs = runnableNs
        self.minorFaults = minorFaults
        self.majorFaults = majorFaults
        self.voluntarySwitches = voluntarySwitches
        self.involuntarySwitches = involuntarySwitches
    }

    /// Counters at thread creation.
    public static let zero = ThreadCounters()

    /// The thread state of the interval from `earlier` to `self`, lasting `wallNs`.
    public func state(since earlier: ThreadCounters, wallNs: Int64) -> ThreadState {
        ThreadState(
            wallNs: wallNs,
            onCpuNs: max(0, onCpuNs - earlier.onCpuNs),
            runnableNs: max(0, runnableNs - earlier.runnableNs),
            minorFaults: max(0, minorFaults - earlier.minorFaults),
            majorFaults: max(0, majorFaults - earlier.majorFaults),
            voluntarySwitches: max(0, voluntarySwitches - earlier.voluntarySwitches),
            involuntarySwitches: max(0, involuntarySwitches - earlier.involuntarySwitches)
        )
    }
}

/// Reads the counters of the thread that created it: `/proc/self/task/<tid>/schedstat`
/// (kept open, read with `pread`) and `getrusage(RUSAGE_THREAD)`. About 2-4 us per read.
///
/// Only the creating thread may call ``read()``: rusage is always the caller's.
public final class ThreadStateReader: Sendable {
    private let schedstatFD: Int32
    /// Thread id of the thread this reader measures.
    public let threadID: Int32

    /// Opens the calling thread's schedstat file.
    public init() {
        threadID = lp_current_tid()
        schedstatFD = lp_schedstat_open_current()
    }

    deinit {
        if schedstatFD >= 0 { close(schedstatFD) }
    }

    /// Whether schedstat could be opened; without it on-CPU and runnable read as zero.
    public var hasSchedstat: Bool { schedstatFD >= 0 }

    /// Reads the thread's cumulative counters now.
    @inline(__always)
    public func read() -> ThreadCounters {
        var raw = lp_thread_counters()
        _ = lp_thread_counters_read(schedstatFD, &raw)
        return ThreadCounters(
            onCpuNs: raw.on_cpu_ns, runnableNs: raw.runqueue_ns,
            minorFaults: raw.minor_faults, majorFaults: raw.major_faults,
            voluntarySwitches: raw.voluntary_cs, involuntarySwitches: raw.involuntary_cs
        )
    }
}

#if canImport(Glibc)
import Glibc
#endif
