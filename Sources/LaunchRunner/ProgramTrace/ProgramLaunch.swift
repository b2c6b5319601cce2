import Foundation
import LaunchTrace

/// What the runner knows of a launch of a program that wrote no trace: its clock readings,
/// the tracer's milestones from the event socket, readiness, and how the process ended.
/// ``trace(profile:)`` turns it into a ``LaunchTrace`` whose phases are ``PhaseName/program``.
struct ProgramLaunch {
    /// The launch that ran.
    var request: LaunchRequest
    /// The process id.
    var pid: Int32
    /// CLOCK_MONOTONIC at the spawn (the launch start), at the end of exec, at the exit.
    var spawnNs: Int64
    var execDoneNs: Int64
    var exitNs: Int64
    /// When the readiness condition was met (CLOCK_MONOTONIC), for a condition other than `exit`.
    var readyAtNs: Int64?
    /// The events read from the socket (the tracer's milestones), relative to the launch start.
    var events: [ProbeEvent]
    /// The peak resident set size, from the reaped child's resource usage: it also counts the
    /// runner's memory, which the child shared until exec (``peakBytes`` prefers the tracer's).
    var peakResidentBytes: Int64
    /// What the display showed of the launch (`--ready-when window|frame`).
    var display: DisplayMilestones? = nil

    /// The phases' boundaries, relative to the launch start: exec, loader (when the tracer
    /// reported its constructor; through the programs a wrapper exec'd, to the last one's),
    /// main (to readiness, or to main's end), exit (main's end to the exit, for a program that
    /// ended by itself).
    /// A LaunchProbe program that was ready but ended before writing its trace keeps the
    /// phases it reported on the event socket, each to the next, the last to its own `ready()`.
    func phaseBounds() -> [(phase: PhaseName, startNs: Int64, endNs: Int64)] {
        let end = readyNs
        let reported = events.filter { $0.kind == .phase && $0.timeNs <= end }
        if !reported.isEmpty {
            let starts = [0] + reported.map(\.timeNs)
            let names = [PhaseName.binaryLoad] + reported.map { PhaseName($0.name) }
            return names.indices.map { (names[$0], starts[$0], $0 + 1 < starts.count ? starts[$0 + 1] : end) }
        }
        // The runner sees exec end when it next runs; under load the program may have loaded
        // its libraries by then: the constructor's own reading bounds it.
        let execEnd = min(end, execDoneNs - spawnNs, time(of: .loaded) ?? .max)
        var bounds: [(phase: PhaseName, startNs: Int64, endNs: Int64)] = [(.exec, 0, execEnd)]
        var mainStart = execEnd
        // A wrapper (a #! script, a shim) exec'd by the launched process reports `loaded` once per
        // program: `main` is the last one's, as the pre-main breakdown's "to main" is, and the
        // earlier programs' time is before it.
        if let loaded = events.last(where: { $0.kind == .loaded && $0.timeNs <= end })?.timeNs {
            bounds.append((.loader, execEnd, max(loaded, execEnd)))
            mainStart = max(loaded, execEnd)
        }
        if let display = displayBounds(mainStart: mainStart, end: end) { return bounds + display }
        var mainEnd = end
        if readyAtNs == nil, let ended = time(of: .mainEnded), ended >= mainStart, ended <= end { mainEnd = ended }
        bounds.append((.main, mainStart, mainEnd))
        if readyAtNs == nil, mainEnd < end { bounds.append((.exit, mainEnd, end)) }
        return bounds
    }

    /// A program ready by the display: `main` until its first top-level window was created,
    /// `firstWindow` until the display showed it, `firstFrame` until the display had its first
    /// content (each clamped to the launch so far); nil without the display's milestones.
    func displayBounds(mainStart: Int64, end: Int64) -> [(phase: PhaseName, startNs: Int64, endNs: Int64)]? {
        guard let display, let window = display.windowNs.map({ $0 - spawnNs }) else { return nil }
        let windowEnd = min(max(window, mainStart), end)
        let started = display.startedNs.map { min(max($0 - spawnNs, mainStart), windowEnd) } ?? windowEnd
        var bounds: [(phase: PhaseName, startNs: Int64, endNs: Int64)] = [
            (.main, mainStart, started), (.firstWindow, started, windowEnd),
        ]
        if let frame = display.frameNs.map({ $0 - spawnNs }) {
            bounds.append((.firstFrame, windowEnd, min(max(frame, windowEnd), end)))
        }
        return bounds
    }

    /// The window's life as the display server saw it, as marks: `windowCreated` (its first
    /// top-level window; on Wayland its first connection), `windowShown`, `firstFrameShown`.
    var displayMarks: [(name: String, timeNs: Int64)] {
        guard let display else { return [] }
        let named: [(String, Int64?)] = [
            ("windowCreated", display.startedNs), ("windowShown", display.windowNs),
            ("firstFrameShown", display.frameNs),
        ]
        return named.compactMap { name, time in time.map { (name, $0 - spawnNs) } }
    }

    /// Time to ready: a LaunchProbe program's own `ready()` (its `active` event) when it sent
    /// one, else the runner's readiness time, else the exit.
    var readyNs: Int64 {
        time(of: .active) ?? ((readyAtNs ?? exitNs) - spawnNs)
    }

    /// The program's peak resident memory: its own `VmHWM`, which the preloaded tracer reads at
    /// `main`'s end, else the kernel's maxrss from `wait4` (an upper bound: a small program
    /// reports the runner's size).
    var peakBytes: Int64 {
        events.first { $0.kind == .mainEnded }.flatMap { Int64($0.name) }.map { $0 * 1024 } ?? peakResidentBytes
    }

    /// The time of the first event of `kind`.
    func time(of kind: ProbeEvent.Kind) -> Int64? {
        events.first { $0.kind == kind }?.timeNs
    }

    /// The trace: phases with the main thread's state in each (from the whole-launch profile
    /// when it ran), the milestones as marks, time to ready, and the profile attached.
    func trace(profile: LaunchProfile?) -> LaunchTrace {
        let phases = phaseBounds().map { bound in
            PhaseRecord(
                phase: bound.phase, startNs: bound.startNs, durationNs: bound.endNs - bound.startNs,
                threadState: Self.threadState(from: profile, startNs: bound.startNs, endNs: bound.endNs)
            )
        }
        let probed = events.filter { [.loaded, .mainStarted, .mainEnded, .active].contains($0.kind) }.map {
            (name: $0.kind.rawValue, timeNs: $0.timeNs)
        }
        let marks = (probed + displayMarks).sorted { $0.timeNs < $1.timeNs }.map { mark in
            Mark(name: mark.name, timeNs: mark.timeNs, phase: phases.last { $0.startNs <= mark.timeNs }?.phase)
        }
        var totals = LaunchTotals(timeToReadyNs: readyNs)
        totals.timeToFirstWindowNs = display?.windowNs.map { $0 - spawnNs }
        totals.timeToFirstFrameNs = display?.frameNs.map { $0 - spawnNs }
        var trace = LaunchTrace(
            app: AppInfo(
                name: URL(filePath: request.specification.executable).lastPathComponent,
                executablePath: request.specification.executable,
                interface: .none, infoPlistPath: nil),
            pid: pid, mainThreadID: pid, scenario: request.specification.scenario, runIndex: request.index,
            machine: .current(),
            clock: LaunchClockInfo(launchStartNs: spawnNs, startSource: .spawn, startResolutionNs: 1),
            phases: phases, spans: [], marks: marks, totals: totals,
            memory: MemoryInfo(peakResidentBytes: peakBytes, residentBytes: peakBytes),
            ending: LaunchEnding(reason: readyAtNs == nil ? .exited : .readyConditionMet, atNs: readyNs),
            profiler: ProfilerInfo(
                version: ProfilerInfo.toolVersion, mainThreadNs: 0, recordedEvents: events.count, instruments: [])
        )
        trace.profile = profile
        return trace
    }

    /// The main thread's state between two times, from the profile's samples (clipped to the
    /// interval); without a profile only the wall time is known.
    ///
    /// perf's switch records time every off-CPU interval exactly, so with them the rest of the
    /// phase was on a CPU: a phase shorter than the sampling period may hold no on-CPU sample
    /// at all (a 1 ms `git --version` gets none at 250 Hz, and came out wholly blocked). The
    /// events are enabled at exec, so the `exec` phase's wake-up from the gate counts as on-CPU
    /// too. Without switch records (the ptrace sampler) on-CPU time is the samples' and the rest
    /// is blocked.
    static func threadState(from profile: LaunchProfile?, startNs: Int64, endNs: Int64) -> ThreadState {
        var time: [ProfileSample.State: Int64] = [:]
        for sample in profile?.mainThreadSamples ?? [] {
            let overlap = min(endNs, sample.startNs + sample.durationNs) - max(startNs, sample.startNs)
            if overlap > 0 { time[sample.state, default: 0] += overlap }
        }
        let wall = endNs - startNs
        let runnable = min(time[.runnable] ?? 0, wall)
        let onCpu =
            profile?.source == .perf
            ? max(0, wall - runnable - (time[.blocked] ?? 0))
            : min(time[.onCPU] ?? 0, wall - runnable)
        return ThreadState(wallNs: wall, onCpuNs: onCpu, runnableNs: runnable)
    }
}
