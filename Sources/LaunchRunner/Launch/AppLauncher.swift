import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// Launches an app once under the profiler and reports what happened, whatever happened:
/// a crash, a hang (killed at the timeout), a missing or unreadable trace are all results,
/// never lost.
///
/// ```swift
/// let result = AppLauncher().launch(request)
/// print(result.record.outcome, result.trace?.totals.timeToFirstFrameNs ?? 0)
/// ```
package struct AppLauncher: Launcher {
    /// How long the app stays in the background in the `resume` scenario before SIGUSR2.
    package var backgroundDwellSeconds: Double

    /// Creates a launcher.
    package init(backgroundDwellSeconds: Double = 0.1) {
        self.backgroundDwellSeconds = backgroundDwellSeconds
    }

    /// The signal that interrupted launchprof (``RunInterruption``), or nil.
    package var interruption: Int32? { RunInterruption.signal }

    /// Refuses a program `execve` would refuse (``ProgramCheck``): missing, a directory, not
    /// executable, a script without its interpreter.
    package func check(_ specification: LaunchSpecification) throws(LaunchProfilerError) {
        try ProgramCheck.check(specification.executable)
    }

    /// Performs one launch.
    package func launch(_ request: LaunchRequest) -> LaunchResult {
        start(request).complete()
    }

    /// Performs one launch until its process has ended and been reaped, its leftovers ended;
    /// reading its profile and trace and writing the trace file are left to ``PendingLaunch/complete()``.
    package func start(_ request: LaunchRequest) -> PendingLaunch {
        stage(request).start()
    }

    /// What is left of a launch once its process has ended: its profile read from the perf rings,
    /// its trace read and classified, the trace file written.
    func finishing(
        _ request: LaunchRequest, child: ChildProcess, end: ProcessWaitResult, leftovers: Int,
        collected: (WholeLaunchProfiler?, String?, ReadinessWatcher?, LaunchChannels),
        others: [OtherProcessCPU]? = nil
    ) -> PendingLaunch {
        let (profiler, failure, readiness, channels) = collected
        return PendingLaunch {
            let profile =
                profiler.map {
                    $0.profile(
                        launchStartNs: child.spawnNs, endNs: readiness?.readyAtNs ?? child.exitNs,
                        followedPid: end.followed?.pid)
                } ?? fallbackProfile(request, reason: failure)
            var result = classify(request: request, end: end, child: child, readiness: readiness, profile: profile)
            if leftovers > 0 { result.record.leftoverProcesses = leftovers }
            if let others, result.trace != nil { result.trace?.otherProcesses = others }
            attach(
                to: &result, request: request, channels: channels, profile: profile,
                execEndNs: child.execDoneNs - child.spawnNs)
            return result
        }
    }

    /// The watcher of the request's readiness condition, when it is watched while the program runs.
    static func readinessWatcher(for request: LaunchRequest) throws(LaunchProfilerError) -> ReadinessWatcher? {
        guard request.specification.readiness.watchesWhileRunning else { return nil }
        return try ReadinessWatcher(
            condition: request.specification.readiness.condition ?? .exit, stderrFile: request.stderrURL.path,
            display: request.specification.readiness.display, framePictures: request.framePictureURL != nil)
    }

    /// The environment of one launch: the runner's own, less its `LAUNCHPROF_` variables, plus
    /// the instruments', the request's and its scenario's (``LaunchTrace/Scenario/appEnvironment``).
    func environment(for request: LaunchRequest, stallSocket: Bool) -> [String: String] {
        var environment = Self.runnerEnvironment
        let requested = request.specification.environment.merging(request.specification.scenario.appEnvironment) {
            $1
        }
        if request.timingOnly {
            // The runner's own, unchanged when the request adds nothing: the staging then finds its
            // C strings made already (``StagedChild``) without comparing every variable.
            return requested.isEmpty ? environment : environment.merging(requested) { $1 }
        }
        var instruments = request.effectiveInstruments
        if instruments.sampler == .ptrace, !stallSocket { instruments.sampler = .signal }
        environment.merge(instruments.environment(inheriting: environment)) { _, new in new }
        environment.merge(requested) { _, new in new }
        let launch = ProfilerEnvironment(
            tracePath: request.traceURL.path,
            exitAfter: request.specification.exitAfter ?? request.specification.scenario.defaultExitPoint,
            // Warm-up launches (-1, -2, …) have no run index.
            scenario: request.specification.scenario, runIndex: request.index > 0 ? request.index : nil,
            purpose: request.specification.instrumentation == .probeMarks ? .measurement : nil,
            relocationMarks: request.relocationMarks ? true : nil
        )
        environment.merge(launch.encode()) { _, new in new }
        environment[ToolVariable.owner.rawValue] = OrphanSweep.ownValue
        return environment
    }

    /// The runner's environment less its `LAUNCHPROF_` variables, read once per process (launchprof
    /// never changes its own environment).
    static let runnerEnvironment = ProcessInfo.processInfo.environment.filter {
        !$0.key.hasPrefix(ProfilerEnvironment.Variable.prefix)
    }

    /// Waits for the launch to end (driving the resume scenario's signals), killing it at the
    /// timeout; a program that meets its readiness condition is then ended (SIGTERM, SIGKILL
    /// after the grace period). The event socket is read only after the launch, or (resume)
    /// until the app is active: waiting on it would wake the runner at every phase, and the
    /// woken runner can preempt the app's main thread on a busy machine.
    ///
    /// A launcher that exits 0 before the launch is ready, leaving processes of the launch
    /// running, is followed: the wait goes on in them (``follow(_:after:readiness:deadline:profiler:)``).
    func wait(
        for child: ChildProcess, request: LaunchRequest, channels: LaunchChannels, profiler: WholeLaunchProfiler?,
        readiness: ReadinessWatcher?, launch: LaunchLeftovers
    ) -> ProcessWaitResult {
        var events = EventLineBuffer()
        let deadline = child.spawnNs.saturatingAdd(.nanoseconds(clampingSeconds: request.specification.timeoutSeconds))
        let sampler = channels.stallSampler
        var outcome = ChildProcess.WaitResult.deadlinePassed
        var shutdown: LaunchShutdown?
        var followed: FollowedLaunch?
        if request.specification.scenario == .resume {
            (outcome, events) = waitForResume(child, deadline: deadline, channels: channels, profiler: profiler)
        } else {
            outcome = child.wait(deadlineNs: deadline, stallSampler: sampler, profiler: profiler, readiness: readiness)
            if let readiness {
                followed = followIfLeft(
                    &outcome, child: child, request: request, launch: launch, readiness: readiness,
                    deadline: deadline, profiler: profiler)
            }
            if outcome == .conditionMet, let readiness {
                let grace = request.specification.readiness.gracePeriodSeconds
                shutdown =
                    followed != nil
                    ? endFollowed(launch, readiness: readiness, grace: grace)
                    : end(child, readiness: readiness, grace: grace)
                outcome = .exited(child.kill())
            }
        }
        let timedOut = outcome == .deadlinePassed || outcome == .conditionMet
        var interruptedBy: Int32?
        if case .interrupted(let signal) = outcome { interruptedBy = signal }
        let termination: ChildProcess.Termination
        if case .exited(let value) = outcome { termination = value } else { termination = child.kill() }
        if channels.eventRunnerEnd >= 0 { events.append(Self.drain(channels.eventRunnerEnd)) }
        return ProcessWaitResult(
            termination: termination, timedOut: timedOut, interruptedBy: interruptedBy, events: events.events,
            shutdown: shutdown, followed: followed)
    }

    /// The resume scenario: once the app is active, SIGUSR1 (background), a dwell, SIGUSR2.
    private func waitForResume(
        _ child: ChildProcess, deadline: Int64, channels: LaunchChannels, profiler: WholeLaunchProfiler?
    ) -> (ChildProcess.WaitResult, EventLineBuffer) {
        var events = EventLineBuffer()
        let sampler = channels.stallSampler
        var outcome = child.wait(
            deadlineNs: deadline, eventFD: channels.eventRunnerEnd, onEvents: { events.append($0) },
            stallSampler: sampler, profiler: profiler,
            stop: { events.events.contains { $0.kind == .active } }
        )
        guard outcome == .conditionMet else { return (outcome, events) }
        child.send(signal: SIGUSR1)
        let dwell = min(
            deadline, lp_monotonic_ns().saturatingAdd(.nanoseconds(clampingSeconds: backgroundDwellSeconds)))
        outcome = child.wait(deadlineNs: dwell, stallSampler: sampler, profiler: profiler)
        if outcome == .deadlinePassed, lp_monotonic_ns() < deadline {
            child.send(signal: SIGUSR2)
            outcome = child.wait(deadlineNs: deadline, stallSampler: sampler, profiler: profiler)
        }
        return (outcome, events)
    }

    /// Ends a program that is ready: SIGTERM to its process group, then SIGKILL if it is still
    /// running after `grace` seconds. Its output is drained meanwhile.
    private func end(_ child: ChildProcess, readiness: ReadinessWatcher, grace: Double) -> LaunchShutdown {
        let graceNs = Int64.nanoseconds(clampingSeconds: grace)
        let start = lp_monotonic_ns()
        child.sendToGroup(signal: SIGTERM)
        let outcome = child.wait(deadlineNs: start.saturatingAdd(graceNs), readiness: readiness, untilReady: false)
        let termination: ChildProcess.Termination
        let method: LaunchShutdown.Method
        if case .exited(let value) = outcome {
            (termination, method) = (value, .terminated)
        } else {
            (termination, method) = (child.kill(), .killedAfterGrace)
        }
        var shutdown = LaunchShutdown(
            method: method, gracePeriodNs: graceNs, durationNs: max(0, child.exitNs.saturatingSubtract(start)))
        switch termination {
        case .exited(let status): shutdown.exitStatus = status
        case .signaled(let signal): shutdown.signal = signal
        }
        return shutdown
    }

    /// What the runner measured from outside goes into the app's trace, written whole again.
    private func attach(
        to result: inout LaunchResult, request: LaunchRequest, channels: LaunchChannels, profile: LaunchProfile?,
        execEndNs: Int64
    ) {
        guard var trace = result.trace else { return }
        var changed = trace.otherProcesses != nil
        if let sampler = channels.stallSampler {
            sampler.readAvailable()
            changed = sampler.merge(into: &trace)
        }
        if let profile {
            trace.profile = profile
            changed = true
        }
        // The runner sees the exec's end when it next runs: never after the loader's own start.
        if var preMain = PreMainBreakdown(
            events: result.events, executable: request.specification.executable, execEndNs: execEndNs)
        {
            preMain.execEndNs = min(execEndNs, preMain.loaderStart.atNs)
            if preMain.earlierPrograms != nil, let program = preMain.objects.first?.path {
                // The audit module names the last program of an exec chain as it was exec'd.
                preMain.objects[0].path = Self.resolvedProgramPath(program)
            }
            trace.preMain = preMain
            changed = true
        }
        // Not fsynced between launches: the run makes its folder durable once they are over.
        if changed, (try? trace.write(to: request.traceURL, durable: false)) != nil { result.trace = trace }
    }

    /// Where the launch's standard error goes: the terminal with `--show-output`; nowhere for a
    /// measurement launch of a program, which carries nothing of the runner's (hyperfine's `-N` sends
    /// output to /dev/null too: creating a file in the child took 10 % of `git --version`'s 1.7 ms);
    /// else the launch's file, whose end a failed launch's record keeps.
    static func stderrPath(for request: LaunchRequest) -> String {
        if request.specification.showOutput { return "/dev/stderr" }
        return request.timingOnly ? "/dev/null" : request.stderrURL.path
    }

    /// A program's path as it was exec'd (the auxiliary vector's AT_EXECFN), made absolute from the
    /// runner's working directory (the launch's) and with its links resolved, as the kernel names the
    /// executable (`/usr/bin/true` for `/bin/true` where /bin links to /usr/bin).
    static func resolvedProgramPath(_ path: String) -> String {
        let folder = URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
        return URL(filePath: path, relativeTo: folder).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The profile record of a launch that ran without perf events: which sampler stood in, and why.
    private func fallbackProfile(_ request: LaunchRequest, reason: String?) -> LaunchProfile? {
        guard request.effectiveInstruments.profile == .perf, !request.timingOnly, let reason else { return nil }
        let source: ProfileSource = request.effectiveInstruments.sampler == .ptrace ? .ptrace : .none
        return LaunchProfile(
            source: source, fallbackReason: reason, samplePeriodNs: 0, offCPUStacks: false, stacks: [], samples: [],
            images: []
        )
    }

    /// Everything left in the event socket, read without blocking.
    static func drain(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: String(cString: strsignal(signal))
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
