/// What a launch's whole process used, from the kernel's resource usage of the reaped child
/// (`wait4`): every thread of the program and the children it waited for, for every kind of
/// launch (measurement launches too, at no cost to them). The figures a program's own trace
/// cannot give (a program that writes none) and that no sampling estimates.
package struct ProcessUsage: Codable, Sendable, Equatable {
    /// CPU time in user mode, in nanoseconds (`ru_utime`).
    package var userCpuNs: Int64
    /// CPU time in the kernel on the process's behalf, in nanoseconds (`ru_stime`).
    package var systemCpuNs: Int64
    /// Page faults served without I/O (`ru_minflt`).
    package var minorFaults: Int64
    /// Page faults that read from disk (`ru_majflt`): the cold scenario's cost.
    package var majorFaults: Int64
    /// Context switches because a thread blocked (`ru_nvcsw`).
    package var voluntarySwitches: Int64
    /// Context switches because a thread was preempted (`ru_nivcsw`).
    package var involuntarySwitches: Int64

    /// Creates a usage from its parts.
    package init(
        userCpuNs: Int64, systemCpuNs: Int64, minorFaults: Int64, majorFaults: Int64, voluntarySwitches: Int64,
        involuntarySwitches: Int64
    ) {
        self.userCpuNs = userCpuNs
        self.systemCpuNs = systemCpuNs
        self.minorFaults = minorFaults
        self.majorFaults = majorFaults
        self.voluntarySwitches = voluntarySwitches
        self.involuntarySwitches = involuntarySwitches
    }

    /// User and system CPU time together, in nanoseconds.
    package var cpuNs: Int64 { userCpuNs.saturatingAdd(systemCpuNs) }
}
