import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The processes a launch left behind after its app ended or was killed: its process group,
/// the app's descendants, and orphans reparented to launchprof (the subreaper) that carry the
/// launch's own trace path in their environment (a `setsid` daemon). All are killed with
/// SIGKILL and those that are launchprof's children are reaped.
///
/// As the subreaper, launchprof keeps every live descendant in its own process tree, so only
/// that tree is read (`/proc/PID/task/TID/children`), and not even that when launchprof has no
/// child at all (one `waitid`, the common case between two launches: listing the children of
/// its six threads took 60 microseconds, a twentieth of a short program's launch), where
/// reading every process's `stat` and `environ` took the kernel long enough to slow the next
/// launch of a 1.5 ms program by about 8 % (Benchmarks/README.md). Without the subreaper (a
/// library user that did not install ``RunInterruption``), or when the launch's group has a
/// member the tree walk did not find, every process of `/proc` is read, as before, and orphans
/// reparented to init are found by the same trace path.
///
/// ```swift
/// let killed = LaunchLeftovers(group: child.pid, marker: ProfilerEnvironment.Variable.trace.assignment(traceURL.path)).killAll()
/// ```
struct LaunchLeftovers {
    /// The launch's process group (the app's pid).
    let group: pid_t
    /// `NAME=VALUE` of the launch's own environment entry that only its processes carry, or nil
    /// (a measurement launch gets none of the runner's variables).
    let marker: String?
    /// launchprof's children before the launch started: as the subreaper, launchprof receives
    /// the launch's orphans, so a child that is new since then (a `setsid` daemon) is the
    /// launch's, marker or not. Nil to rely on the group and the marker alone.
    var childrenBefore: Set<pid_t>? = nil

    /// One process of `/proc`.
    struct Entry {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
        /// The kernel is ending the process (`PF_EXITING` in its flags).
        var exiting = false
        /// The child of launchprof it was found under (``descendants(of:)``), or 0: the link
        /// between them may be a zombie, which is no entry (a killed `swift build` that launchprof,
        /// its new parent, has not reaped, with the compiler it started still running below it).
        var branch: pid_t = 0
    }

    /// Kills every leftover until none remains (at most `rounds` scans); returns how many
    /// processes were killed. A process already dying of a SIGKILL (the app's group, killed with
    /// the app at the timeout, that has not exited yet) is ended with the app, not counted.
    @discardableResult
    func killAll(rounds: Int = 50) -> Int {
        var killed = Set<pid_t>()
        var dying = Set<pid_t>()
        for _ in 0..<rounds {
            let leftovers = find()
            if leftovers.isEmpty { break }
            for entry in leftovers where !killed.contains(entry.pid) && !dying.contains(entry.pid) {
                if entry.exiting || Self.hasPendingKill(entry.pid) {
                    dying.insert(entry.pid)
                } else {
                    killed.insert(entry.pid)
                }
            }
            for entry in leftovers { Glibc.kill(entry.pid, SIGKILL) }
            reapChildren(of: getpid(), among: leftovers)
            usleep(2000)
        }
        reapNewZombies()
        return killed.count
    }

    /// Reaps the children launchprof gained since ``childrenBefore`` that are zombies now (a
    /// build's shell's child, reparented to launchprof and killed): no entry names them.
    private func reapNewZombies() {
        guard let childrenBefore, lp_is_child_subreaper() != 0, !Self.hasNoChildren else { return }
        var status: Int32 = 0
        for pid in Self.children(of: getpid()) where !childrenBefore.contains(pid) {
            while waitpid(pid, &status, WNOHANG) < 0 && errno == EINTR {}
        }
    }

    /// The live processes of the launch (zombies excluded), never launchprof itself.
    func find() -> [Entry] {
        let me = getpid()
        if lp_is_child_subreaper() != 0 {
            // As the subreaper, launchprof is an ancestor of every process the launch left: with no
            // child at all and no member of the group left, there is nothing to look for.
            if Self.hasNoChildren, Glibc.kill(-group, 0) != 0 { return [] }
            let found = members(among: Self.descendants(of: me), subreaper: true)
            // A member of the group outside the tree (or a walk that raced a fork) sends the
            // search to every process.
            if !found.isEmpty || Glibc.kill(-group, 0) != 0 { return found }
        }
        return members(among: Self.processes(), subreaper: false)
    }

    /// The launch's processes among `entries`: its group, the processes outside it that are
    /// the launch's own (``isLaunchsOwn(_:subreaper:)``), and everything below them.
    private func members(among entries: [Entry], subreaper: Bool) -> [Entry] {
        var members = Set(entries.filter { $0.group == group && $0.pid != getpid() }.map(\.pid))
        for entry in entries where !members.contains(entry.pid) && isLaunchsOwn(entry, subreaper: subreaper) {
            members.insert(entry.pid)
        }
        var grew = true
        while grew {
            grew = false
            for entry in entries where !members.contains(entry.pid) && members.contains(entry.parent) {
                members.insert(entry.pid)
                grew = true
            }
        }
        let me = getpid()
        return entries.filter { $0.pid != me && members.contains($0.pid) }
    }

    /// Whether `entry`, outside the launch's group, is the launch's: with the subreaper, a
    /// process below a child of launchprof that is new since the launch started (whatever lies
    /// between, zombies included), or a child of launchprof that carries the marker; without it,
    /// any process carrying the marker.
    private func isLaunchsOwn(_ entry: Entry, subreaper: Bool) -> Bool {
        if subreaper {
            if let childrenBefore, entry.branch != 0, !childrenBefore.contains(entry.branch) { return true }
            guard entry.parent == getpid() else { return false }
        }
        return carriesMarker(entry.pid)
    }

    private func carriesMarker(_ pid: pid_t) -> Bool {
        guard let marker, let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return data.split(separator: 0).contains { $0.elementsEqual(marker.utf8) }
    }

    private func reapChildren(of parent: pid_t, among entries: [Entry]) {
        var status: Int32 = 0
        for entry in entries where entry.parent == parent && entry.pid != group {
            while waitpid(entry.pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Every live process: pid, parent and group from `/proc/PID/stat` (zombies left out).
    static func processes() -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name -> Entry? in
            guard let pid = pid_t(name), let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else {
                return nil
            }
            return parse(stat: String(decoding: stat, as: UTF8.self), pid: pid)
        }
    }

    /// Whether a SIGKILL is pending for `pid` (`/proc/PID/status`, the process's `ShdPnd` or its
    /// main thread's `SigPnd`): it is dying.
    static func hasPendingKill(_ pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return false }
        let kill = UInt64(1) << UInt64(SIGKILL - 1)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
            guard line.hasPrefix("ShdPnd:") || line.hasPrefix("SigPnd:"),
                let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
            else { return false }
            return mask & kill != 0
        }
    }

    /// The live processes below `root` (zombies left out, the processes below them kept), read
    /// from each task's `children`, each with the child of `root` it is below (``Entry/branch``).
    static func descendants(of root: pid_t) -> [Entry] {
        var found: [Entry] = []
        var seen = Set<pid_t>()
        var pending = children(of: root).map { (pid: $0, branch: $0) }
        while let (pid, branch) = pending.popLast() {
            guard seen.insert(pid).inserted else { continue }
            if let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                var entry = parse(stat: String(decoding: stat, as: UTF8.self), pid: pid)
            {
                entry.branch = branch
                found.append(entry)
            }
            pending += children(of: pid).map { (pid: $0, branch: branch) }
        }
        return found
    }

    /// Whether launchprof has no child at all (one `waitid`, ``lp_has_no_children``).
    static var hasNoChildren: Bool { lp_has_no_children() != 0 }

    /// launchprof's own children: none when it has none (one system call), else those of every
    /// thread (``children(of:)``).
    static func ownChildren() -> [pid_t] {
        hasNoChildren ? [] : children(of: getpid())
    }

    /// The children of every thread of `pid` (`/proc/PID/task/TID/children`).
    static func children(of pid: pid_t) -> [pid_t] {
        var buffer = [pid_t](repeating: 0, count: 256)
        let count = lp_children_of(pid, &buffer, Int32(buffer.count))
        if count >= 0 { return Array(buffer[0..<Int(count)]) }
        return childrenReadByFoundation(of: pid)
    }

    /// ``children(of:)`` when the C reader could not read the lists whole.
    private static func childrenReadByFoundation(of pid: pid_t) -> [pid_t] {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return tasks.flatMap { task -> [pid_t] in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/task/\(task)/children") else {
                return []
            }
            return String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }

    /// `PID (COMM) STATE PPID PGRP …`: COMM may hold spaces and parentheses, so the fields
    /// are read after the last `)`.
    static func parse(stat: String, pid: pid_t) -> Entry? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, fields[0] != "Z", fields[0] != "X",
            let parent = pid_t(fields[1]), let group = pid_t(fields[2])
        else { return nil }
        let flags = fields.count > 6 ? UInt64(fields[6]) ?? 0 : 0
        return Entry(pid: pid, parent: parent, group: group, exiting: flags & 0x4 != 0)
    }
}
