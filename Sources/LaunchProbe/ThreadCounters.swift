import LaunchTrace

/// Raw, cumulative counters of one thread at one instant.
package struct ThreadCounters: Sendable, Equatable {
    /// Cumulative on-CPU time, in nanoseconds.
    package var onCpuNs: Int64
    /// Cumulative time runnable but waiting for a CPU, in nanoseconds.
    package var runnableNs: Int64
    /// Cumulative minor page faults.
    package var minorFaults: Int64
    /// Cumulative major page faults.
    package var majorFaults: Int64
    /// Cumulative voluntary context switches.
    package var voluntarySwitches: Int64
    /// Cumulative involuntary context switches.
    package var involuntarySwitches: Int64

    /// Creates counters.
    package init(
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
    package static let zero = ThreadCounters()

    /// The thread state of the interval from `earlier` to `self`, lasting `wallNs`.
    package func state(since earlier: ThreadCounters, wallNs: Int64) -> ThreadState {
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
