import LaunchSymbolication
import LaunchTrace

/// Builds a launch's ``LaunchBreakdown`` from its whole-launch profile's context: the pre-main
/// parts before `main`, then the critical path, one reason per instant.
///
/// After `main`, the path's stretches are swept in time order. Where a stretch of some thread
/// ran, was runnable or was blocked, that stretch gives the reason (the main thread's first when
/// two overlap); where only a wait for another thread covers the instant (the time between the
/// other thread's wake-up call and the waiting thread running again), the reason is
/// ``BreakdownReason/otherThread``; where nothing does, ``BreakdownReason/unattributed``. A
/// stretch on a CPU is split by its thread's on-CPU samples (whose code each sample's stack
/// shows); the parts no sample covers take the reason of the nearest sample of the stretch.
struct BreakdownBuilder {
    let context: ProfileContext
    let ownership: CodeOwnership
    /// The on-CPU samples and the blocked ones of each thread, by start.
    let onCPU: [Int32: [ProfileSample]]
    let blocked: [Int32: [ProfileSample]]

    init(context: ProfileContext, ownership: CodeOwnership) {
        self.context = context
        self.ownership = ownership
        let main = context.path.mainThread
        var onCPU: [Int32: [ProfileSample]] = [:]
        var blocked: [Int32: [ProfileSample]] = [:]
        for sample in context.profile.samples {
            switch sample.state {
            case .onCPU: onCPU[sample.thread ?? main, default: []].append(sample)
            case .blocked: blocked[sample.thread ?? main, default: []].append(sample)
            case .runnable: break
            }
        }
        self.onCPU = onCPU.mapValues { $0.sorted { $0.startNs < $1.startNs } }
        self.blocked = blocked.mapValues { $0.sorted { $0.startNs < $1.startNs } }
    }

    /// The launch's end: its first frame, else the end of its phases (readiness).
    static func endNs(of trace: LaunchTrace) -> Int64 {
        trace.totals.timeToFirstFrameNs ?? trace.phases.map(\.endNs).max() ?? 0
    }

    /// The breakdown of the context's launch.
    func breakdown() -> LaunchBreakdown {
        let end = Self.endNs(of: context.trace)
        let before = Self.beforeMain(context.trace, endNs: end)
        let mainStart = before.last?.endNs ?? 0
        var intervals = before + afterMain(from: mainStart, to: end)
        intervals = Self.merged(intervals)
        return LaunchBreakdown(runIndex: context.trace.runIndex, totalNs: end, intervals: intervals)
    }

    /// Adjacent intervals of the same reason and detail as one.
    static func merged(_ intervals: [BreakdownInterval]) -> [BreakdownInterval] {
        var result: [BreakdownInterval] = []
        for interval in intervals where interval.endNs > interval.startNs {
            if var last = result.last, last.reason == interval.reason, last.detail == interval.detail,
                last.endNs == interval.startNs
            {
                last.endNs = interval.endNs
                result[result.count - 1] = last
            } else {
                result.append(interval)
            }
        }
        return result
    }
}

extension BreakdownBuilder {
    /// The time before `main`: the audit module's pre-main parts in their order (exec, the
    /// loader's start-up, earlier programs of a wrapper, loading, relocation, initializers), or,
    /// without them, the `exec`, `loader` and `binaryLoad` phases.
    static func beforeMain(_ trace: LaunchTrace, endNs: Int64) -> [BreakdownInterval] {
        var points: [(BreakdownReason, Int64)]
        if let preMain = trace.preMain {
            let firstLoader = preMain.earlierPrograms?.firstLoaderStartNs ?? preMain.loaderStart.atNs
            points = [
                (.exec, preMain.execNs), (.loaderStartup, firstLoader), (.earlierPrograms, preMain.loaderStart.atNs),
                (.loading, preMain.objects.last?.mapped.atNs ?? preMain.loaderStart.atNs),
                (.relocation, preMain.relocated.atNs), (.initializers, preMain.main.atNs),
            ]
        } else {
            let reasons: [String: BreakdownReason] = ["exec": .exec, "loader": .loading, "binaryLoad": .loading]
            points = trace.phases.compactMap { record in
                reasons[record.phase.rawValue].map { ($0, record.endNs) }
            }
        }
        var cursor: Int64 = 0
        var intervals: [BreakdownInterval] = []
        for (reason, time) in points {
            let to = min(max(time, cursor), endNs)
            if to > cursor { intervals.append(BreakdownInterval(startNs: cursor, endNs: to, reason: reason)) }
            cursor = to
        }
        return intervals
    }

    /// The critical path from `mainStart` to `end`, one reason per instant.
    func afterMain(from mainStart: Int64, to end: Int64) -> [BreakdownInterval] {
        guard end > mainStart else { return [] }
        let segments = context.path.segments.compactMap { segment -> CriticalPath.Segment? in
            var clipped = segment
            clipped.startNs = max(segment.startNs, mainStart)
            clipped.endNs = min(segment.endNs, end)
            return clipped.endNs > clipped.startNs ? clipped : nil
        }
        var boundaries = Set(segments.flatMap { [$0.startNs, $0.endNs] })
        boundaries.formUnion([mainStart, end])
        let times = boundaries.sorted()
        var result: [BreakdownInterval] = []
        var next = 0
        var active: [CriticalPath.Segment] = []
        for (from, to) in zip(times, times.dropFirst()) {
            while next < segments.count, segments[next].startNs <= from {
                active.append(segments[next])
                next += 1
            }
            active.removeAll { $0.endNs <= from }
            result += intervals(from: from, to: to, covering: active)
        }
        return result
    }

    /// The reason of `[from, to)`, from the stretches that cover it.
    func intervals(from: Int64, to: Int64, covering active: [CriticalPath.Segment]) -> [BreakdownInterval] {
        let main = context.path.mainThread
        let own = active.filter { $0.state != .waiting }.min {
            ($0.thread == main ? 0 : 1, $0.thread) < ($1.thread == main ? 0 : 1, $1.thread)
        }
        guard let segment = own else {
            let reason: BreakdownReason = active.isEmpty ? .unattributed : .otherThread
            return [BreakdownInterval(startNs: from, endNs: to, reason: reason)]
        }
        switch segment.state {
        case .running: return running(segment, from: from, to: to)
        case .runnable: return [BreakdownInterval(startNs: from, endNs: to, reason: .waitingForCPU)]
        case .blocked:
            let (reason, detail) = blockedReason(thread: segment.thread, at: from)
            return [BreakdownInterval(startNs: from, endNs: to, reason: reason, detail: detail)]
        case .waiting: return [BreakdownInterval(startNs: from, endNs: to, reason: .otherThread)]
        }
    }
}
