import LaunchTrace

extension MetricCatalog {
    /// Every metric with a fixed name: the one place each is defined (its typed name is in
    /// `MetricName+Fixed.swift`, the contract). Adding one is adding a row here.
    package static let fixed: [MetricDefinition] = [
        MetricDefinition(
            .timeToFirstFrame, .time,
            "Launch start to the first frame: a LaunchKit app's first committed frame, a program's first frame on the display (--ready-when frame).",
            source: "totals.timeToFirstFrameNs"
        ) { $0.totals.timeToFirstFrameNs.map(Double.init) },
        MetricDefinition(
            .timeToLaunchScreen, .time,
            "Launch start to a LaunchKit app's launch screen (UILaunchStoryboardName) on the display, or rendered without one: what a person sees first.",
            source: "totals.timeToLaunchScreenNs"
        ) { $0.totals.timeToLaunchScreenNs.map(Double.init) },
        MetricDefinition(
            .timeToFirstWindow, .time,
            "Launch start to the program's first top-level window shown on the display, as the display server saw it.",
            source: "totals.timeToFirstWindowNs"
        ) { $0.totals.timeToFirstWindowNs.map(Double.init) },
        MetricDefinition(
            .timeToActive, .time, "Launch start to the end of applicationDidBecomeActive.",
            source: "totals.timeToActiveNs"
        ) { $0.totals.timeToActiveNs.map(Double.init) },
        MetricDefinition(
            .timeToFullDisplay, .time, "Launch start to reportFullyDrawn.", source: "totals.timeToFullDisplayNs"
        ) { $0.totals.timeToFullDisplayNs.map(Double.init) },
        MetricDefinition(
            .timeToReady, .time,
            "Launch start to readiness (--ready-when, the exit of a program without a trace, or ready()).",
            source: "totals.timeToReadyNs"
        ) { $0.totals.timeToReadyNs.map(Double.init) },
        MetricDefinition(
            .mainThreadBlocked, .time, "Main-thread blocked time summed over the phases before first frame.",
            source: "phases[].threadState.blockedNs before the first frame, each phase's clamped at zero"
        ) { beforeFirstFrame($0).map { $0.reduce(0) { $0 + Double($1.threadState.blockedNs) } } },
        MetricDefinition(
            .mainThreadOnCpu, .time, "Main-thread on-CPU time summed over the phases before first frame.",
            source: "phases[].threadState.onCpuNs before the first frame"
        ) { stateBeforeFirstFrame($0).map { Double($0.onCpuNs) } },
        MetricDefinition(
            .mainThreadRunnable, .time, "Main-thread runnable time summed over the phases before first frame.",
            source: "phases[].threadState.runnableNs before the first frame"
        ) { stateBeforeFirstFrame($0).map { Double($0.runnableNs) } },
        MetricDefinition(
            .majorFaults, .count, "Major page faults on the main thread before first frame (a probe's trace only).",
            source: "phases[].threadState.majorFaults before the first frame, when profiler.instruments has threadState"
        ) { countedBeforeFirstFrame($0)?.majorFaults.map(Double.init) },
        MetricDefinition(
            .minorFaults, .count, "Minor page faults on the main thread before first frame (a probe's trace only).",
            source: "phases[].threadState.minorFaults before the first frame, when profiler.instruments has threadState"
        ) { countedBeforeFirstFrame($0)?.minorFaults.map(Double.init) },
        MetricDefinition(
            .processCpuTime, .time, "CPU time of the whole process, user and system, to its end.",
            source: "launch record usage.userCpuNs + usage.systemCpuNs (wait4)", usage: { Double($0.cpuNs) }),
        MetricDefinition(
            .processMajorFaults, .count, "Major page faults of the whole process, to its end.",
            source: "launch record usage.majorFaults (wait4)", usage: { Double($0.majorFaults) }),
        MetricDefinition(
            .processMinorFaults, .count, "Minor page faults of the whole process, to its end.",
            source: "launch record usage.minorFaults (wait4)", usage: { Double($0.minorFaults) }),
        MetricDefinition(
            .peakMemory, .bytes, "Peak resident set size at the end of the launch.", source: "memory.peakResidentBytes"
        ) { Double($0.memory.peakResidentBytes) },
        MetricDefinition(
            .profilerOverhead, .time, "Time the profiler spent on the main thread.", source: "profiler.mainThreadNs"
        ) { Double($0.profiler.mainThreadNs) },
        MetricDefinition(
            .resumeToFrame, .time, "willEnterForeground to the first frame after a resume.",
            source: "marks: willEnterForeground to the next frameCommitted"
        ) { resumeInterval($0, to: ResumeMarks.frameCommitted) },
        MetricDefinition(
            .resumeToActive, .time, "willEnterForeground to active after a resume.",
            source: "marks: willEnterForeground to the next active"
        ) { resumeInterval($0, to: ResumeMarks.active) },
        MetricDefinition(
            .stallCount, .count, "Main-thread stalls the stall sampler saw.",
            source: "mainThread.stalls (when the sampler ran)"
        ) { sampled($0).map { Double($0.stalls.count) } },
        MetricDefinition(
            .longestStall, .time, "Duration of the longest main-thread stall.",
            source: "mainThread.stalls[].durationNs (when the sampler ran)"
        ) { sampled($0).map { Double($0.stalls.map(\.durationNs).max() ?? 0) } },
        MetricDefinition(
            .preMainExec, .time, "Launch start to the end of the kernel's exec.", source: "preMain.execEndNs",
            preMain: { Double($0.execNs) }),
        MetricDefinition(
            .preMainLoaderStartup, .time, "The dynamic loader's own start-up, up to its audit module.",
            source: "preMain.loaderStart after the exec's end", preMain: { Double($0.loaderStartupNs) }),
        MetricDefinition(
            .preMainEarlierPrograms, .time,
            "Programs that exec'd the next before the one that reached main (a wrapper script, a shim).",
            source: "preMain.earlierPrograms.firstLoaderStartNs to preMain.loaderStart",
            preMain: { $0.earlierPrograms == nil ? nil : Double($0.earlierProgramsNs) }),
        MetricDefinition(
            .preMainLoading, .time, "Finding, opening and mapping every object before main.",
            source: "preMain.objects[].mapped, from the loader's start to the last object",
            preMain: { Double($0.loadingNs) }),
        MetricDefinition(
            .preMainRelocation, .time, "Symbol resolution and relocation of every object before main.",
            source: "preMain: the last object mapped to relocated", preMain: { Double($0.relocationNs) }),
        MetricDefinition(
            .preMainRelocationRelative, .time,
            "The relative relocations' part of the relocation before main (each object's time split by its counts).",
            source: "preMain.objects[].relocatedNs, split by the objects' relocation counts",
            preMain: { relocationKind($0, relative: true) }),
        MetricDefinition(
            .preMainRelocationSymbol, .time,
            "The symbol relocations' part of the relocation before main (each object's time split by its counts).",
            source: "preMain.objects[].relocatedNs, split by the objects' relocation counts",
            preMain: { relocationKind($0, relative: false) }),
        MetricDefinition(
            .preMainInitializers, .time, "Every initializer before main, the executable's included.",
            source: "preMain.initializers[].durationNs, summed", preMain: { Double($0.initializersNs) }),
        MetricDefinition(
            .preMainTotal, .time, "Launch start to main, in the pre-main launches (the audit module alone).",
            source: "preMain.main.atNs", preMain: { Double($0.totalNs) }),
    ]

    /// The phases before the first frame, or nil when the trace has none.
    private static func beforeFirstFrame(_ trace: LaunchTrace) -> [PhaseRecord]? {
        let phases = trace.phases.filter { $0.phase.isBeforeFirstFrame }
        return phases.isEmpty ? nil : phases
    }

    private static func stateBeforeFirstFrame(_ trace: LaunchTrace) -> ThreadState? {
        beforeFirstFrame(trace)?.reduce(ThreadState.zero) { $0 + $1.threadState }
    }

    /// The main thread's state before the first frame with its counters (faults, switches),
    /// which only the probe reads (`getrusage(RUSAGE_THREAD)`): nil for a trace the runner built
    /// for a program, whose phases' counters were not measured.
    private static func countedBeforeFirstFrame(_ trace: LaunchTrace) -> ThreadState? {
        trace.profiler.ran(.threadState) ? stateBeforeFirstFrame(trace) : nil
    }

    private static func resumeInterval(_ trace: LaunchTrace, to mark: String) -> Double? {
        guard let enter = trace.marks.first(where: { $0.name == ResumeMarks.willEnterForeground }) else { return nil }
        guard let end = trace.marks.first(where: { $0.name == mark && $0.timeNs >= enter.timeNs }) else { return nil }
        return Double(end.timeNs - enter.timeNs)
    }

    private static func sampled(_ trace: LaunchTrace) -> MainThreadActivity? {
        guard let activity = trace.mainThread, activity.sampler.method != .none else { return nil }
        return activity
    }

    /// The relative (or symbol) relocations' estimated share of a breakdown's relocation, nil
    /// when no object's relocations could be counted.
    private static func relocationKind(_ breakdown: PreMainBreakdown, relative: Bool) -> Double? {
        let relocations = PreMainRelocations.estimated(for: breakdown).compactMap { $0 }
        guard relocations.contains(where: { $0.relocationNs > 0 }) else { return nil }
        return relocations.reduce(0) { $0 + (relative ? $1.estimatedRelativeNs : $1.estimatedSymbolNs) }
    }
}
