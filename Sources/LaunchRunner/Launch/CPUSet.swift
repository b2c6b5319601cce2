import CLaunchRunner
import Foundation
import LaunchTrace
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A set of CPUs by number, as `--cpu` names it (`1`, `2-3`, `0,2-3`), and the affinity it
/// gives: each launch's (set in the child before it execs, `sched_setaffinity`) or launchprof's
/// own threads'.
///
/// ```swift
/// let cpus = try CPUSet(parsing: "1")
/// CPUSet.launches.withLock { $0 = cpus }   // every later launch runs on CPU 1 only
/// try CPUSet(parsing: "0").pinThisProcess()  // launchprof's own work on CPU 0
/// ```
package struct CPUSet: Codable, Sendable, Equatable {
    /// The CPU numbers, ascending, without repeats.
    package let cpus: [Int]

    /// The most CPUs a set can name (the child's mask holds 1024 bits).
    package static let limit = 1024

    /// The CPUs every launch runs on from now on (nil: wherever the kernel puts it).
    package static let launches = Mutex<CPUSet?>(nil)

    /// Parses `LIST`: numbers and ranges separated by commas.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` naming the option, the value and what is expected.
    package init(parsing list: String, option: String = "--cpu") throws(LaunchProfilerError) {
        var cpus = Set<Int>()
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(ends.count), let first = ends.first ?? nil, let last = ends.last ?? nil,
                first >= 0, first <= last, last < Self.limit
            else {
                throw LaunchProfilerError.invalidCPUList(
                    option: option, list: list,
                    problem:
                        "\(item.isEmpty ? "an empty item" : String(item)) is not a CPU number or range; expected numbers and ranges from 0 to \(Self.limit - 1) separated by commas, like 1 or 0,2-3."
                )
            }
            cpus.formUnion(first...last)
        }
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let missing = cpus.sorted().first(where: { $0 >= online }) {
            throw LaunchProfilerError.invalidCPUList(
                option: option, list: list,
                problem: "CPU \(missing) is not online; this machine has CPUs 0 to \(online - 1).")
        }
        self.cpus = cpus.sorted()
    }

    /// The mask as 64-bit words, bit `n % 64` of word `n / 64` for CPU `n`.
    package var words: [UInt64] {
        var words = [UInt64](repeating: 0, count: (cpus.last ?? 0) / 64 + 1)
        for cpu in cpus { words[cpu / 64] |= 1 << UInt64(cpu % 64) }
        return words
    }

    /// "1" or "0,2-3".
    package var description: String {
        var parts: [String] = []
        var index = 0
        while index < cpus.count {
            var end = index
            while end + 1 < cpus.count, cpus[end + 1] == cpus[end] + 1 { end += 1 }
            parts.append(end == index ? "\(cpus[index])" : "\(cpus[index])-\(cpus[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// Keeps every thread of this process on these CPUs (each thread of `/proc/self/task`;
    /// threads started later inherit the mask of the one that starts them).
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when the kernel refuses the mask.
    package func pinThisProcess(option: String = "--own-cpu") throws(LaunchProfilerError) {
        let words = self.words
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.compactMap {
            Int32($0)
        }
        for thread in threads ?? [0] {
            let failure = words.withUnsafeBufferPointer { mask in
                lp_set_thread_affinity(thread, mask.baseAddress, Int32(mask.count))
            }
            if failure != 0, failure != ESRCH {
                throw LaunchProfilerError.invalidCPUList(
                    option: option, list: description,
                    problem: "the kernel refused the CPUs (\(String(cString: strerror(failure)))).")
            }
        }
    }
}
