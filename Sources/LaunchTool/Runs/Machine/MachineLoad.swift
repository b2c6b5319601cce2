import Foundation
import LaunchTrace

/// What else used the machine while a run or a comparison made its launches: the CPU time of
/// other processes (from `/proc/stat`, less launchprof's own and its launches'), the time a
/// hypervisor stole, the load average and the CPU frequency where the kernel shows it. A busy
/// machine widens the intervals; the reports say so when it was large.
///
/// ```swift
/// let before = MachineLoad.Snapshot.now()
/// // … the launches …
/// let load = MachineLoad(from: before, to: .now())
/// load.otherCpuShare   // 0.48: another process used 48 % of a CPU
/// ```
package struct MachineLoad: Codable, Sendable, Equatable {
    /// The wall time of the launches, in seconds.
    package var seconds: Double
    /// Logical CPUs online.
    package var cpus: Int
    /// The CPU time other processes used, as CPUs kept busy (0.48: half a CPU all along).
    package var otherCpuShare: Double
    /// The CPU time launchprof and its launches used, as CPUs kept busy.
    package var ownCpuShare: Double
    /// The CPU time a hypervisor gave to other guests, as CPUs (0 on bare metal).
    package var stealShare: Double
    /// The one-minute load average at the end.
    package var loadAverage: Double
    /// The mean current frequency of the CPUs in MHz, when `/sys` shows it.
    package var cpuFrequencyMHz: Double?

    /// Creates a record.
    package init(
        seconds: Double, cpus: Int, otherCpuShare: Double, ownCpuShare: Double, stealShare: Double,
        loadAverage: Double, cpuFrequencyMHz: Double? = nil
    ) {
        self.seconds = seconds
        self.cpus = cpus
        self.otherCpuShare = otherCpuShare
        self.ownCpuShare = ownCpuShare
        self.stealShare = stealShare
        self.loadAverage = loadAverage
        self.cpuFrequencyMHz = cpuFrequencyMHz
    }

    /// The load between two snapshots.
    package init(from start: Snapshot, to end: Snapshot) {
        let seconds = max(1e-9, end.wallSeconds - start.wallSeconds)
        let busy = end.busySeconds - start.busySeconds
        let own = end.ownSeconds - start.ownSeconds
        self.init(
            seconds: seconds, cpus: end.cpus, otherCpuShare: max(0, busy - own) / seconds,
            ownCpuShare: own / seconds, stealShare: max(0, end.stealSeconds - start.stealSeconds) / seconds,
            loadAverage: end.loadAverage, cpuFrequencyMHz: end.cpuFrequencyMHz)
    }

    /// Whether other processes or a hypervisor took enough CPU to widen the intervals: a quarter
    /// of a CPU or more, on average over the launches.
    package var isLarge: Bool { otherCpuShare >= 0.25 || stealShare >= 0.25 }

    /// "another process used 48 % of a CPU during the launches (load average 3.20)", with the
    /// steal time when there was some.
    package var sentence: String {
        let percent = { (share: Double) in "\(Int((share * 100).rounded())) %" }
        var text = "other processes used \(percent(otherCpuShare)) of a CPU during the launches"
        if stealShare >= 0.01 { text += ", the hypervisor stole \(percent(stealShare))" }
        return text + String(format: " (load average %.2f, %d CPUs)", loadAverage, cpus)
    }
}
