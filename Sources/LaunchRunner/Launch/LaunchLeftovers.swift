import Foundation
import LaunchTrace

#if canImport(Glibc)
import Glibc
#endif

/// The processes a launch left behind after its app ended or was killed: its process group,
/// the app's descendants (through `/proc/PID/stat`), orphans reparented to launchprof (the
/// subreaper) or to init, and any process still carrying the launch's own trace path in its
/// environment (a daemon that left the group and the tree). All are killed with SIGKILL and
/// those that are launchprof's children are reaped.
///
/// ```swift
/// let killed = LaunchLeftovers(group: child.pid, marker: ProfilerEnvironment.Variable.trace.assignment(traceURL.path)).killAll()
/// ```
struct LaunchLeftovers {
    /// The launch's process group (the app's pid).
    let group: pid_t
    /// `NAME=VALUE` of the launch's own environment entry that only its processes carry.
    let marker: String

    /// One process of `/proc`.
    struct Entry {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
    }

    /// Kills every leftover until none remains (at most `rounds` scans); returns how many
    /// processes were killed.
    @discardableResult
    func killAll(rounds: Int = 50) -> Int {
        var killed = Set<pid_t>()
        for _ in 0..<rounds {
            let leftovers = find()
            if leftovers.isEmpty { break }
            for entry in leftovers {
                Glibc.kill(entry.pid, SIGKILL)
                killed.insert(entry.pid)
            }
            reapChildren(of: getpid(), among: leftovers)
            usleep(2000)
        }
        return killed.count
    }

    /// The live processes of the launch (zombies excluded), never launchprof itself.
    func find() -> [Entry] {
        let entries = Self.processes()
        var members = Set(entries.filter { $0.group == group && $0.pid != getpid() }.map(\.pid))
        var grew = true
        while grew {
            grew = false
            for entry in entries where !members.contains(entry.pid) && members.contains(entry.parent) {
                members.insert(entry.pid)
                grew = true
            }
        }
        let me = getpid()
        return entries.filter { entry in
            entry.pid != me && (members.contains(entry.pid) || carriesMarker(entry.pid))
        }
    }

    private func carriesMarker(_ pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
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
            guard let pid = pid_t(name), let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
            return parse(stat: String(decoding: stat, as: UTF8.self), pid: pid)
        }
    }

    /// `PID (COMM) STATE PPID PGRP …`: COMM may hold spaces and parentheses, so the fields
    /// are read after the last `)`.
    static func parse(stat: String, pid: pid_t) -> Entry? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, fields[0] != "Z", fields[0] != "X",
              let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
        return Entry(pid: pid, parent: parent, group: group)
    }
}
