import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A launcher that exits 0 before the launch is ready while the program it started runs on: a
/// shell's `program & exit 0`, `setsid program`, a start script that forks, a desktop launcher.
/// launchprof is the subreaper of its launches, so the orphans stay in its process tree and the
/// launch goes on in them: readiness is watched until they are ready, all end, or the timeout.
extension AppLauncher {
    /// How often the followed processes are looked for while none of the watched descriptors wakes
    /// the runner.
    static let followScanNs: Int64 = 20_000_000

    /// When `outcome` is the launched process's exit 0 before it was ready and processes of the
    /// launch run on, follows them (``follow(_:after:readiness:deadline:profiler:)``), replacing
    /// `outcome` with how that ended; returns what was followed, or nil.
    func followIfLeft(
        _ outcome: inout ChildProcess.WaitResult, child: ChildProcess, request: LaunchRequest,
        launch: LaunchLeftovers, readiness: ReadinessWatcher, deadline: Int64, profiler: WholeLaunchProfiler?
    ) -> FollowedLaunch? {
        guard case .exited(let termination) = outcome, termination == .exited(0), readiness.awaitsFollowedProcesses,
            let first = launch.find().min(by: { $0.pid < $1.pid })
        else { return nil }
        let launcherExitNs = child.exitNs - child.spawnNs
        let firstName = Self.commandName(of: first.pid) ?? "pid \(first.pid)"
        outcome = follow(launch, after: termination, readiness: readiness, deadline: deadline, profiler: profiler)
        // The process may have exec'd since: its name now (the window's maker's, when known).
        let pid = readiness.displayMilestones?.windowPid ?? first.pid
        return FollowedLaunch(
            launcherExitNs: launcherExitNs, launcher: URL(filePath: request.specification.executable).lastPathComponent,
            pid: pid, program: Self.commandName(of: pid) ?? firstName)
    }

    /// Waits for the launch's other processes once its launcher exited with `termination` before
    /// it was ready: `.conditionMet` when they are ready, `.exited(termination)` when none is left.
    func follow(
        _ launch: LaunchLeftovers, after termination: ChildProcess.Termination, readiness: ReadinessWatcher,
        deadline: Int64, profiler: WholeLaunchProfiler?
    ) -> ChildProcess.WaitResult {
        var scannedNs: Int64 = 0
        while true {
            if let signal = RunInterruption.signal { return .interrupted(signal) }
            if readiness.service(pid: launch.group, pidfd: -1, deadlineNs: deadline) { return .conditionMet }
            let now = lp_monotonic_ns()
            if now >= deadline { return .deadlinePassed }
            if now - scannedNs >= Self.followScanNs {
                if launch.find().isEmpty { return .exited(termination) }
                scannedNs = now
            }
            profiler?.drain()
            var fds = ([RunInterruption.fd] + (profiler?.descriptors ?? []) + readiness.descriptors)
                .filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let left = Int32(clamping: max(1, (deadline - now) / 1_000_000))
            _ = poll(&fds, nfds_t(fds.count), min(left, Int32(Self.followScanNs / 1_000_000)))
        }
    }

    /// Ends the followed processes of a launch that is ready: SIGTERM to each, then (by the
    /// caller's ``ChildProcess/killLeftovers(marker:childrenBefore:)``) SIGKILL to those still
    /// running after `grace` seconds. Their output is drained meanwhile.
    func endFollowed(_ launch: LaunchLeftovers, readiness: ReadinessWatcher, grace: Double) -> LaunchShutdown {
        let graceNs = Int64.nanoseconds(clampingSeconds: grace)
        let start = lp_monotonic_ns()
        var members = launch.find()
        for member in members { Glibc.kill(member.pid, SIGTERM) }
        while !members.isEmpty, lp_monotonic_ns() - start < graceNs {
            _ = readiness.service(pid: launch.group, pidfd: -1)
            usleep(2_000)
            members = launch.find()
        }
        return LaunchShutdown(
            method: members.isEmpty ? .terminated : .killedAfterGrace, gracePeriodNs: graceNs,
            durationNs: lp_monotonic_ns() - start)
    }

    /// A process's command name (`/proc/PID/comm`), or nil when it is gone.
    static func commandName(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/comm") else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
