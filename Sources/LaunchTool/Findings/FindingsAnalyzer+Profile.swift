import LaunchSymbolication
import LaunchTrace

extension FindingsAnalyzer {
    /// Findings from the whole-launch profile: the work on the launch's critical path
    /// (``CriticalPath``), on whichever thread it ran, charged from its first millisecond.
    ///
    /// An on-CPU sample is charged whole to the phase in which it was taken, when its thread was
    /// on the path then; a blocked span only for the time its thread waited for nothing in the
    /// program (a thread's wait for another thread is that thread's work, found on it); a runnable
    /// span (the thread preempted, waiting for a CPU) for the time the path waited for it, to the
    /// work the thread was preempted in (``RunnableStacks``), counted apart in
    /// ``LaunchFinding/waitingForCPUNs``: on a busy machine the launch waited for that work this
    /// long, and the report says which part was the machine's.
    /// Time the tracer timed exactly is not charged twice: a span inside a traced blocking call
    /// belongs to that call (with its resource), and with the tracer preloaded, a span in a
    /// blocking libc call it interposes belongs to the tracer's records.
    func profileFindings(_ context: ProfileContext) -> [LaunchFinding] {
        var result: [LaunchFinding] = []
        for sample in context.profile.samples {
            let charged = context.chargedParts(of: sample)
            guard !charged.isEmpty else { continue }
            let frames = context.frames(of: sample)
            var (kind, function) = Self.classify(frames, offCPU: sample.state == .blocked, ownership: ownership)
            // The tracer times every main-thread blocking call but a mutex's wait (it does not interpose the lock).
            if context.tracerRan, sample.isMainThread, kind != .cpu, kind != .pageFaults,
                !(function.map(FrameClassifier.isMutexLock) ?? false)
            {
                continue
            }
            if sample.state == .blocked, kind == .cpu { kind = .pageFaults }
            for part in charged {
                guard
                    var found = finding(
                        frames: frames, kind: kind, phase: part.phase, costNs: part.durationNs, tracedCalls: 0,
                        samples: 1, blockingFunction: function, resource: nil, bytes: nil)
                else { continue }
                found.site.thread = context.threadLabel(of: sample, frames: frames)
                // An off-CPU interval with its stack is timed whole, from its switch-out to its switch-in.
                if sample.state == .blocked, context.profile.offCPUStacks { found.measuredNs = part.durationNs }
                if sample.state == .runnable { found.waitingForCPUNs = part.durationNs }
                result.append(found)
            }
        }
        return result
    }

    /// The on-CPU time of one launch that was not on its critical path, by thread and function.
    func backgroundWork(_ context: ProfileContext) -> [BackgroundKey: Int64] {
        let trace = context.trace
        let profile = context.profile
        guard !profile.threads.isEmpty else { return [:] }
        let end = trace.totals.timeToFirstFrameNs ?? trace.phases.map(\.endNs).max() ?? 0
        var result: [BackgroundKey: Int64] = [:]
        for sample in profile.samples where sample.state == .onCPU && sample.startNs + sample.durationNs <= end {
            guard !context.isOnPath(sample) else { continue }
            let frames = context.frames(of: sample)
            let index = ownership.attributionIndex(in: frames) ?? frames.firstIndex { $0.symbol != nil }
            let function =
                index.map { FrameClassifier.enclosingFunction(frames[$0].displayName) }
                ?? Self.unnamed(frames.first { $0.image != nil } ?? frames.first)
            let thread = context.threadLabel(of: sample, frames: frames) ?? "the main thread"
            result[BackgroundKey(thread: thread, function: function), default: 0] += sample.durationNs
        }
        return result
    }

    /// The parts of the span `[startNs, startNs + durationNs)` in each phase it overlaps: a
    /// sample's period that began in one phase and ended in the next is charged to each its own
    /// share, so no finding costs more than its phase lasted.
    static func phaseParts(startNs: Int64, durationNs: Int64, in trace: LaunchTrace) -> [(
        phase: LaunchPhase, durationNs: Int64, middleNs: Int64
    )] {
        let endNs = startNs.addingReportingOverflow(durationNs).overflow ? Int64.max : startNs + durationNs
        return trace.phases.compactMap { record in
            let from = max(startNs, record.startNs)
            let to = min(endNs, record.endNs)
            return to > from ? (record.phase, to - from, from + (to - from) / 2) : nil
        }
    }

    /// Findings from the tracer's calls under its threshold: one per call site and function,
    /// charged the calls' whole time, with their count, bytes and resource.
    func shortCallFindings(trace: LaunchTrace, map: ImageMap, symbolicator: Symbolicator) -> [LaunchFinding] {
        (trace.mainThread?.shortCalls ?? []).compactMap { aggregate in
            let frames = symbolicator.symbolicate(stack: aggregate.stack, in: map, firstIsExact: false)
            let resource = aggregate.resource.map { aggregate.variedResources ? "\($0) and others" : $0 }
            return finding(
                frames: frames, kind: aggregate.kind,
                phase: aggregate.phase ?? Self.phase(at: aggregate.firstStartNs, in: trace),
                costNs: aggregate.totalNs, tracedCalls: aggregate.count, samples: 0,
                blockingFunction: aggregate.function,
                resource: resource, bytes: aggregate.bytes
            )
        }
    }

    /// Where the launch's critical path (on-CPU, runnable and blocked time before the first frame or, for a
    /// launch without one, readiness or the end of its phases, on whichever thread) was charged,
    /// from the whole-launch profile.
    package func attribution(in trace: LaunchTrace, symbolicator: Symbolicator) -> LaunchAttribution? {
        ProfileContext.of(trace, symbolicator: symbolicator).map {
            owning(trace, symbolicator: symbolicator).attribution($0)
        }
    }

    /// The attribution of one launch's whole-launch profile, with its `context`.
    func attribution(_ context: ProfileContext) -> LaunchAttribution {
        var attribution = LaunchAttribution()
        for sample in context.profile.samples {
            let charged = context.chargedParts(of: sample).reduce(0) { $0 + $1.durationNs }
            guard charged > 0 else { continue }
            var part = Self.charge(charged, to: context.frames(of: sample), ownership: ownership)
            if sample.state == .runnable { part.waitingForCPUNs = charged }
            attribution.add(part)
        }
        return attribution
    }

    /// The attribution of `ns` to the frames of one stack: the app when one of its functions is
    /// on it; else the loader when the loader is running; else the library the program called
    /// into (the outermost library frame: `libsqlite3.so.0` for an `fdatasync` it issued, not libc).
    static func charge(_ ns: Int64, to frames: [SymbolicatedFrame], ownership: CodeOwnership = CodeOwnership())
        -> LaunchAttribution
    {
        if let index = ownership.attributionIndex(in: frames), ownership.owner(of: frames[index]) == .program {
            return LaunchAttribution(appNs: ns)
        }
        guard let leaf = frames.first(where: { $0.image != nil }), let leafImage = leaf.image else {
            return LaunchAttribution(unattributedNs: ns)
        }
        if Self.isLoader(leafImage) { return LaunchAttribution(loaderNs: ns) }
        let called = Self.calledFrames(frames).last { $0.image != nil } ?? leaf
        let image = called.image ?? leafImage
        let file = called.imageName ?? image
        if Self.isLoader(image) { return LaunchAttribution(loaderNs: ns) }
        // A Swift library linked into the app's executable (LaunchKit) is named by its module.
        let inApp = !FrameClassifier.isSystemImage(image)
        return LaunchAttribution(librariesNs: [(inApp ? called.symbol?.module : nil) ?? file: ns])
    }

    /// The frames the program's code called, leaf first: those above its entry point (or, with
    /// no entry point on the stack, above the start code), without the profiler's own
    /// interposers, which only pass calls through.
    static func calledFrames(_ frames: [SymbolicatedFrame]) -> [SymbolicatedFrame] {
        let above =
            frames.firstIndex(where: FrameClassifier.isEntryPoint).map { Array(frames[..<$0]) }
            ?? frames.filter { !StackRooting.isStartFrame($0.symbol?.simple ?? $0.displayName) }
        return above.filter { !FrameClassifier.isTracerFrame($0) }
    }

    /// Whether the image is the dynamic loader.
    static func isLoader(_ image: String) -> Bool {
        let file = image.split(separator: "/").last.map(String.init) ?? image
        return file.hasPrefix("ld-linux") || file.hasPrefix("ld.so")
    }
}

/// A thread and function of background work.
struct BackgroundKey: Hashable {
    var thread: String
    var function: String
}

extension LaunchProfile {
    /// The call chain of `sample`, or no frames.
    func stack(of sample: ProfileSample) -> [Address] {
        guard let index = sample.stack, stacks.indices.contains(index) else { return [] }
        return stacks[index]
    }
}

/// The time intervals of traced blocking calls, for finding whether an instant lies in one.
struct TracedIntervals {
    private let intervals: [(start: Int64, end: Int64)]

    init(_ calls: [BlockingCall]) {
        intervals = calls.map { ($0.startNs, $0.startNs + $0.durationNs) }.sorted { $0.start < $1.start }
    }

    /// Whether `time` lies inside one of the calls.
    func contains(_ time: Int64) -> Bool {
        var low = 0
        var high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        return low > 0 && time < intervals[low - 1].end
    }
}
