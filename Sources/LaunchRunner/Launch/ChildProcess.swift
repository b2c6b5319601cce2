import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started behind a gate (`lp_spawn.c`), with the `CLOCK_MONOTONIC` reading
/// taken at its release to exec, its output captured to files, and the descriptors the runner
/// names (the event and stall sockets) inherited.
final class ChildProcess {
    /// How a child process ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    let pid: pid_t
    let spawnNs: Int64
    /// When the runner saw `execve` complete (its close-on-exec status pipe closed).
    let execDoneNs: Int64
    private let pidfd: Int32
    /// The gate's state; the child's pre-exec stack is unmapped once it is reaped.
    private var spawned: lp_spawned
    private var reaped: Termination?
    private(set) var exitNs: Int64 = 0
    /// The child's peak resident set size in bytes, from `wait4`'s resource usage once reaped.
    private(set) var peakResidentBytes: Int64 = 0
    /// What the whole process used, from `wait4`'s resource usage once reaped.
    private(set) var usage: ProcessUsage?

    /// Starts `executable` with `arguments` and `environment`. The child is cloned and prepares
    /// its descriptors; once it waits at the gate, `beforeExec` runs with its pid (to open perf
    /// events on it), then the child is released and execs. The spawn-time variable
    /// (``ProfilerEnvironment/Variable/spawnNs``) is filled in with the clock reading at the
    /// release, which is also ``spawnNs``.
    ///
    /// A measurement launch (`timingOnly`) has no gate: the child execs as soon as it is prepared,
    /// ``spawnNs`` is read just before it is created (as `hyperfine` times a command), and it
    /// gets no spawn-time variable.
    ///
    /// - Parameters:
    ///   - inheritedFD: a descriptor the child keeps open (the event socket), or -1.
    ///   - stdoutPath, stderrPath: files for the child's output (`/dev/null` to discard).
    convenience init(
        executable: String, arguments: [String], environment: [String: String],
        inheritedFD: Int32, stdoutPath: String, stderrPath: String, stallFD: Int32 = -1, timingOnly: Bool = false,
        beforeExec: (pid_t) -> Void = { _ in }
    ) throws(LaunchProfilerError) {
        let staged = try StagedChild(
            executable: executable, arguments: arguments, environment: environment, inheritedFD: inheritedFD,
            stdoutPath: stdoutPath, stderrPath: stderrPath, stallFD: stallFD, timingOnly: timingOnly)
        try self.init(staged: staged, beforeExec: beforeExec)
    }

    /// Creates the child made ready in `staged` (which it consumes), as
    /// ``init(executable:arguments:environment:inheritedFD:stdoutPath:stderrPath:stallFD:timingOnly:beforeExec:)`` does.
    init(staged: StagedChild, beforeExec: (pid_t) -> Void = { _ in }) throws(LaunchProfilerError) {
        let executable = staged.executable
        let timingOnly = staged.timingOnly
        var spawned = lp_spawned()
        var start: Int64 = 0
        var execError: Int32 = 0
        let status =
            timingOnly
            ? lp_spawn_staged_now(&staged.staging, &spawned, &start, &execError)
            : lp_spawn_staged_gated(&staged.staging, &spawned)
        guard status == 0 else {
            throw LaunchProfilerError.spawnFailed(executable: executable, reason: String(cString: strerror(status)))
        }
        beforeExec(spawned.pid)
        // Everything the runner needs is ready before the release: after it, the runner only
        // sleeps until exec is done, then until the child ends.
        pidfd = lp_pidfd_open(spawned.pid)
        lp_interrupt_set_active_group(spawned.pid)
        if !timingOnly { start = lp_spawn_release(&spawned, &execError) }
        self.spawned = spawned
        pid = spawned.pid
        spawnNs = start
        execDoneNs = max(start, spawned.exec_done_ns)
        if execError != 0 {
            _ = reap(blocking: true)
            throw LaunchProfilerError.spawnFailed(executable: executable, reason: String(cString: strerror(execError)))
        }
    }

    deinit {
        if reaped == nil { _ = kill() }
        if pidfd >= 0 { close(pidfd) }
        lp_spawn_release_stack(&spawned)
    }

    /// What ended a wait.
    enum WaitResult: Equatable {
        case exited(Termination)
        case deadlinePassed
        case conditionMet
        /// launchprof received this signal (SIGINT, SIGTERM, SIGHUP; see ``RunInterruption``).
        case interrupted(Int32)
    }

    /// Waits until the child exits, the deadline passes, or `stop()` returns true after a
    /// chunk of events was handed to `onEvents`. Events are read from `eventFD` (if not -1).
    /// With a `stallSampler`, its socket is polled too and its samples are taken when due.
    /// With a `readiness` watcher, its descriptors are read and its condition checked at each
    /// wake-up; the wait ends when it is met, unless `untilReady` is false (the grace period
    /// after readiness, when the output pipe must still be drained).
    func wait(
        deadlineNs: Int64?, eventFD: Int32 = -1, onEvents: ((Data) -> Void)? = nil,
        stallSampler: RemoteStallSampler? = nil, profiler: WholeLaunchProfiler? = nil,
        readiness: ReadinessWatcher? = nil, untilReady: Bool = true, stop: () -> Bool = { false }
    ) -> WaitResult {
        if let reaped { return .exited(reaped) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var eventOpen = eventFD >= 0
        while true {
            if let signal = RunInterruption.signal { return .interrupted(signal) }
            if let stallSampler, let status = stallSampler.sampleIfDue() {
                // The app ended while it was being sampled: the sampler's waitpid reaped it.
                return .exited(drainEvents(eventFD, eventOpen, &buffer, onEvents, noteExit(status: status)))
            }
            if let termination = reap(blocking: false) {
                _ = readiness?.service(pid: pid, pidfd: pidfd, deadlineNs: deadlineNs)
                return .exited(drainEvents(eventFD, eventOpen, &buffer, onEvents, termination))
            }
            guard var timeout = remainingMs(until: deadlineNs) else { return .deadlinePassed }
            // The profile's ring buffers wake the runner when a quarter full; they are drained
            // at every wake-up, and once more when the launch ends.
            profiler?.drain()
            let stallOpen = stallSampler?.isOpen == true
            var fds = pollSet(
                profiler: profiler, stallFD: stallOpen ? stallSampler?.fd : nil, readiness: readiness,
                eventFD: eventOpen ? eventFD : -1)
            // Without a pidfd, wake up regularly to reap.
            if pidfd < 0 { timeout = min(timeout, 2) }
            if let due = stallSampler?.msUntilNextSample(now: lp_monotonic_ns()) { timeout = min(timeout, due) }
            if let interval = readiness?.pollIntervalMs { timeout = min(timeout, interval) }
            if fds.isEmpty {
                usleep(UInt32(timeout) * 1000)
                continue
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready > 0, let stallSampler, stallOpen,
                let slot = fds.first(where: { $0.fd == stallSampler.fd }), slot.revents != 0
            {
                stallSampler.readAvailable()
            }
            if let readiness, readiness.service(pid: pid, pidfd: pidfd, deadlineNs: deadlineNs), untilReady {
                return .conditionMet
            }
            if ready > 0, eventOpen, let slot = fds.last, slot.fd == eventFD, slot.revents != 0 {
                let n = read(eventFD, &buffer, buffer.count)
                if n > 0 {
                    onEvents?(Data(buffer[0..<n]))
                    if stop() { return .conditionMet }
                } else if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                    eventOpen = false
                }
            }
        }
    }

    /// Milliseconds left until `deadlineNs` (at least 1; 1000 without a deadline), or nil once it passed.
    private func remainingMs(until deadlineNs: Int64?) -> Int32? {
        guard let deadlineNs else { return 1000 }
        let left = deadlineNs - lp_monotonic_ns()
        if left <= 0 { return nil }
        return Int32(clamping: max(1, (left + 999_999) / 1_000_000))
    }

    /// The descriptors one wait polls: the pidfd, the interruption descriptor (``RunInterruption``),
    /// the profile's buffers, the stall socket, the readiness watcher's, and the event socket last.
    private func pollSet(profiler: WholeLaunchProfiler?, stallFD: Int32?, readiness: ReadinessWatcher?, eventFD: Int32)
        -> [pollfd]
    {
        var all: [Int32] = pidfd >= 0 ? [pidfd] : []
        if RunInterruption.fd >= 0 { all.append(RunInterruption.fd) }
        all += profiler?.descriptors ?? []
        if let stallFD { all.append(stallFD) }
        all += readiness?.descriptors ?? []
        if eventFD >= 0 { all.append(eventFD) }
        return all.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    private func drainEvents(
        _ fd: Int32, _ open: Bool, _ buffer: inout [UInt8], _ onEvents: ((Data) -> Void)?, _ termination: Termination
    ) -> Termination {
        guard open else { return termination }
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n > 0 { onEvents?(Data(buffer[0..<n])) } else { break }
        }
        return termination
    }

    /// Kills whatever the launch left running after the child ended: its process group, its
    /// descendants, and the processes carrying `marker` in their environment (``LaunchLeftovers``).
    /// Returns how many were killed.
    @discardableResult
    func killLeftovers(marker: String?, childrenBefore: Set<pid_t>?) -> Int {
        lp_interrupt_set_active_group(0)
        return LaunchLeftovers(group: pid, marker: marker, childrenBefore: childrenBefore).killAll()
    }

    /// Kills the child (SIGKILL) and reaps it.
    func kill() -> Termination {
        if let reaped { return reaped }
        // The child leads its own process group: its descendants go with it.
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        return reap(blocking: true)!
    }

    /// Sends a signal to the child.
    func send(signal: Int32) {
        if reaped == nil { Glibc.kill(pid, signal) }
    }

    /// Sends a signal to the child's process group (the child and what it started).
    func sendToGroup(signal: Int32) {
        guard reaped == nil else { return }
        Glibc.kill(-pid, signal)
        Glibc.kill(pid, signal)
    }

    /// Records an exit that another waitpid (the ptrace sampler's) collected.
    private func noteExit(status: Int32) -> Termination {
        exitNs = lp_monotonic_ns()
        let termination: Termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        reaped = termination
        return termination
    }

    private func reap(blocking: Bool) -> Termination? {
        if let reaped { return reaped }
        var status: Int32 = 0
        var usage = rusage()
        var result: pid_t
        repeat {
            result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        exitNs = lp_monotonic_ns()
        peakResidentBytes = Int64(usage.ru_maxrss) * 1024
        self.usage = Self.processUsage(usage)
        let termination: Termination
        if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signaled(status & 0x7f)
        }
        reaped = termination
        return termination
    }

    /// The parts of `wait4`'s resource usage a launch record keeps.
    private static func processUsage(_ usage: rusage) -> ProcessUsage {
        func ns(_ time: timeval) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_usec) * 1_000 }
        return ProcessUsage(
            userCpuNs: ns(usage.ru_utime), systemCpuNs: ns(usage.ru_stime), minorFaults: Int64(usage.ru_minflt),
            majorFaults: Int64(usage.ru_majflt), voluntarySwitches: Int64(usage.ru_nvcsw),
            involuntarySwitches: Int64(usage.ru_nivcsw))
    }
}
