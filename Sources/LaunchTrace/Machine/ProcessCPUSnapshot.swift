import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every process's CPU time at one moment, from `/proc/<pid>/stat`: what
/// ``others(since:excludingTreeOf:andProcess:)`` turns into the CPU time other programs used
/// between two snapshots.
///
/// ```swift
/// let start = ProcessCPUSnapshot.now()
/// // … the launch …
/// let others = ProcessCPUSnapshot.now().others(since: start, excludingTreeOf: childPID, andProcess: getpid())
/// ```
package struct ProcessCPUSnapshot: Sendable, Equatable {
    /// One process.
    package struct Entry: Sendable, Equatable {
        /// Its parent's id.
        package var parent: Int32
        /// Its name (`comm`).
        package var name: String
        /// When it started, in clock ticks since boot (tells a reused id apart).
        package var startTicks: Int64
        /// Its user and system CPU time, in clock ticks.
        package var cpuTicks: Int64

        /// Creates an entry.
        package init(parent: Int32, name: String, startTicks: Int64, cpuTicks: Int64) {
            self.parent = parent
            self.name = name
            self.startTicks = startTicks
            self.cpuTicks = cpuTicks
        }
    }

    /// The processes, by id.
    package var processes: [Int32: Entry]
    /// Nanoseconds per clock tick (10,000,000 at the usual 100 Hz).
    package var nanosecondsPerTick: Int64

    /// Creates a snapshot from its entries.
    package init(processes: [Int32: Entry], nanosecondsPerTick: Int64 = 10_000_000) {
        self.processes = processes
        self.nanosecondsPerTick = nanosecondsPerTick
    }

    /// Every process now; a process that ends while it is read is left out.
    package static func now() -> ProcessCPUSnapshot {
        let hertz = max(1, Int64(sysconf(Int32(_SC_CLK_TCK))))
        var processes: [Int32: Entry] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name),
                let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let entry = Self.entry(stat: text)
            else { continue }
            processes[pid] = entry
        }
        return ProcessCPUSnapshot(processes: processes, nanosecondsPerTick: 1_000_000_000 / hertz)
    }

    /// One `/proc/<pid>/stat` line: `pid (comm) state ppid … utime stime … starttime …`; the name
    /// may hold spaces and parentheses, so the fields are counted from its last `)`.
    package static func entry(stat: String) -> Entry? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3): utime is field 14, stime 15, starttime 22.
        guard fields.count > 19, let parent = Int32(fields[1]), let user = Int64(fields[11]),
            let system = Int64(fields[12]), let start = Int64(fields[19])
        else { return nil }
        return Entry(parent: parent, name: name, startTicks: start, cpuTicks: user + system)
    }

    /// The CPU time each program other than `root`'s process tree and `process` used since
    /// `start`, by name, largest first, without programs that used none: a process in both
    /// snapshots counts its difference, one that started since counts all of its time.
    package func others(since start: ProcessCPUSnapshot, excludingTreeOf root: Int32, andProcess process: Int32)
        -> [OtherProcessCPU]
    {
        var byName: [String: OtherProcessCPU] = [:]
        for (pid, entry) in processes where pid != process && !isInTree(pid, of: root) {
            let earlier = start.processes[pid].flatMap { $0.startTicks == entry.startTicks ? $0.cpuTicks : nil }
            let ticks = entry.cpuTicks - (earlier ?? 0)
            guard ticks > 0 else { continue }
            var other = byName[entry.name] ?? OtherProcessCPU(name: entry.name, processes: 0, cpuNs: 0)
            other.processes += 1
            other.cpuNs += ticks * nanosecondsPerTick
            byName[entry.name] = other
        }
        return byName.values.sorted { ($0.cpuNs, $1.name) > ($1.cpuNs, $0.name) }
    }

    /// Whether `pid` is `root` or one of its descendants in this snapshot.
    func isInTree(_ pid: Int32, of root: Int32) -> Bool {
        var current = pid
        for _ in 0..<64 {
            if current == root { return true }
            guard let parent = processes[current]?.parent, parent > 0, parent != current else { return false }
            current = parent
        }
        return false
    }
}
