import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// What an earlier launchprof left running when it was killed with SIGKILL, found and ended when
/// the next one starts: no handler runs on SIGKILL, and although each launch's app dies with
/// launchprof (its parent-death signal), a descendant that left the app's process group (a
/// `setsid` daemon) is reparented to init. Every profiled and pre-main launch carries
/// ``ToolVariable/owner`` (`LAUNCHPROF_OWNER=<pid>:<start time>`) in its environment, which its
/// descendants inherit; a process that carries it for a launchprof that is no longer running
/// (no such pid, or another process with that pid) is killed with its process group. Timing
/// launches carry nothing of the runner's and are not found this way.
///
/// ```swift
/// let ended = OrphanSweep().sweep()   // at the start of run, compare and trace
/// ```
package struct OrphanSweep: Sendable {
    /// Creates a sweep.
    package init() {}

    /// `<pid>:<start time>` of this process: the ``ToolVariable/owner`` its launches carry.
    package static let ownValue: String = owner(of: getpid()) ?? "\(getpid()):0"

    /// `<pid>:<start time in clock ticks since boot>` of a running process, nil when it is gone.
    static func owner(of pid: pid_t) -> String? {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command: state is field 3 of stat, start time field 22.
        guard fields.count > 19 else { return nil }
        return "\(pid):\(fields[19])"
    }

    /// Kills every process left by a launchprof that is gone; returns the pids it killed.
    @discardableResult
    package func sweep() -> [pid_t] {
        var killed: [pid_t] = []
        for entry in LaunchLeftovers.processes() where entry.pid != getpid() {
            guard let owner = Self.ownerValue(of: entry.pid), owner != Self.ownValue else { continue }
            guard let pid = pid_t(owner.split(separator: ":").first ?? ""), Self.owner(of: pid) != owner else {
                continue
            }
            kill(-entry.group, SIGKILL)
            kill(entry.pid, SIGKILL)
            killed.append(entry.pid)
        }
        return killed
    }

    /// The value of ``ToolVariable/owner`` in a process's environment, nil when it has none.
    static func ownerValue(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        let prefix = Array((ToolVariable.owner.rawValue + "=").utf8)
        for entry in data.split(separator: 0) where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }
}
