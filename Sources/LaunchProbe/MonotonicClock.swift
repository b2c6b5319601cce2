import CLaunchProbe

/// `CLOCK_MONOTONIC`, the one clock every LaunchProfiler time is measured with.
///
/// It is system-wide, so the runner's reading just before spawning a process and the
/// process's own readings are comparable.
public enum MonotonicClock {
    /// The current `CLOCK_MONOTONIC` reading in nanoseconds (about 30 ns per call).
    @inline(__always)
    public static func nowNs() -> Int64 { lp_monotonic_ns() }

    /// When the executable's constructors ran, just before `main`, in nanoseconds.
    public static var processMainNs: Int64 { lp_premain_ns() }

    /// The process start time from `/proc/self/stat`, translated to `CLOCK_MONOTONIC`,
    /// or `nil` if it cannot be read. Resolution is one clock tick (usually 10 ms).
    public static var processStartNs: Int64? {
        let value = lp_process_start_monotonic_ns()
        return value >= 0 ? value : nil
    }

    /// The resolution of ``processStartNs`` in nanoseconds.
    public static var processStartResolutionNs: Int64 {
        let hz = lp_clock_ticks_per_second()
        return hz > 0 ? 1_000_000_000 / hz : 10_000_000
    }
}
