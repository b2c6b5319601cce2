import CLaunchProbe
import LaunchTrace

/// Reads the counters of the thread that created it: `/proc/self/task/<tid>/schedstat`
/// (kept open, read with `pread`) and `getrusage(RUSAGE_THREAD)`. About 2-4 us per read.
///
/// Only the creating thread may call ``read()``: rusage is always the caller's.
package final class ThreadStateReader: Sendable {
    private let schedstatFD: Int32
    /// Thread id of the thread this reader measures.
    package let threadID: Int32

    /// Opens the calling thread's schedstat file.
    package init() {
        threadID = lp_current_tid()
        schedstatFD = lp_schedstat_open_current()
    }

    deinit {
        if schedstatFD >= 0 { close(schedstatFD) }
    }

    /// Whether schedstat could be opened; without it on-CPU and runnable read as zero.
    package var hasSchedstat: Bool { schedstatFD >= 0 }

    /// Reads the thread's cumulative counters now.
    @inline(__always)
    package func read() -> ThreadCounters {
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
