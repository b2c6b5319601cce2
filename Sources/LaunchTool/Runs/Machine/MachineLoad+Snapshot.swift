import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension MachineLoad {
    /// The machine's CPU counters at one moment: `/proc/stat`'s busy and steal time over all
    /// CPUs, launchprof's own CPU time and its waited-for children's (`getrusage`), the load
    /// average and the CPU frequency.
    package struct Snapshot: Sendable, Equatable {
        /// Monotonic wall time, in seconds.
        package var wallSeconds: Double
        /// CPU time of every process (user, nice, system, interrupts), in seconds.
        package var busySeconds: Double
        /// Time stolen by the hypervisor, in seconds.
        package var stealSeconds: Double
        /// CPU time of this process and its waited-for children, in seconds.
        package var ownSeconds: Double
        /// Logical CPUs online.
        package var cpus: Int
        /// The one-minute load average.
        package var loadAverage: Double
        /// The mean current CPU frequency in MHz, when `/sys` shows it.
        package var cpuFrequencyMHz: Double?

        /// Creates a snapshot from its counters.
        package init(
            wallSeconds: Double, busySeconds: Double, stealSeconds: Double, ownSeconds: Double, cpus: Int,
            loadAverage: Double, cpuFrequencyMHz: Double? = nil
        ) {
            self.wallSeconds = wallSeconds
            self.busySeconds = busySeconds
            self.stealSeconds = stealSeconds
            self.ownSeconds = ownSeconds
            self.cpus = cpus
            self.loadAverage = loadAverage
            self.cpuFrequencyMHz = cpuFrequencyMHz
        }

        /// The counters now.
        package static func now() -> Snapshot {
            var clock = timespec()
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let (busy, steal) = Self.cpuTimes()
            return Snapshot(
                wallSeconds: Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9, busySeconds: busy,
                stealSeconds: steal, ownSeconds: Self.ownSeconds(), cpus: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
                loadAverage: Self.loadAverage(), cpuFrequencyMHz: Self.frequency())
        }

        /// The busy and steal seconds of the `cpu` line of `/proc/stat` (in clock ticks there).
        static func cpuTimes() -> (Double, Double) {
            guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
            else { return (0, 0) }
            let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            guard ticks.count >= 8 else { return (0, 0) }
            let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
            // user nice system idle iowait irq softirq steal: busy is all but idle, iowait and steal.
            let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]
            return (busy / hertz, ticks[7] / hertz)
        }

        /// The CPU time of this process and of its children that were waited for.
        static func ownSeconds() -> Double {
            var own = rusage()
            var children = rusage()
            getrusage(__rusage_who_t(truncatingIfNeeded: RUSAGE_SELF.rawValue), &own)
            getrusage(__rusage_who_t(truncatingIfNeeded: RUSAGE_CHILDREN.rawValue), &children)
            let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(own.ru_utime) + seconds(own.ru_stime) + seconds(children.ru_utime)
                + seconds(children.ru_stime)
        }

        /// The first field of `/proc/loadavg`.
        static func loadAverage() -> Double {
            let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
            return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
        }

        /// The mean of `/sys/devices/system/cpu/cpu*/cpufreq/scaling_cur_freq` (kHz there), or
        /// nil when the kernel shows none (as on most VMs).
        static func frequency() -> Double? {
            let cpus = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            let values = (0..<max(1, cpus)).compactMap { cpu -> Double? in
                let path = "/sys/devices/system/cpu/cpu\(cpu)/cpufreq/scaling_cur_freq"
                return (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
                    Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) / 1000
        }
    }
}
