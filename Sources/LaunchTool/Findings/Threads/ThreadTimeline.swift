import LaunchTrace

/// Every thread's off-CPU intervals and lifetime from a whole-launch profile, for walking the
/// critical path: between its off-CPU intervals a living thread was on a CPU.
struct ThreadTimeline {
    /// One off-CPU interval, with the sample it came from.
    struct OffCPU {
        var startNs: Int64
        var endNs: Int64
        var preempted: Bool
        var sample: ProfileSample
    }

    /// A thread's intervals (sorted) and lifetime.
    struct Thread {
        var id: Int32
        var offCPU: [OffCPU] = []
        var startNs: Int64 = 0
        var endNs: Int64 = .max
        var parent: Int32?
    }

    private(set) var threads: [Int32: Thread] = [:]
    let mainThread: Int32

    init(profile: LaunchProfile) {
        mainThread = profile.threads.first?.id ?? 0
        for thread in profile.threads {
            threads[thread.id] = Thread(
                id: thread.id, startNs: thread.startNs ?? 0, endNs: thread.endNs ?? .max, parent: thread.parent)
        }
        for sample in profile.samples {
            let id = sample.thread ?? mainThread
            if threads[id] == nil { threads[id] = Thread(id: id) }
            guard sample.state != .onCPU else { continue }
            threads[id]?.offCPU.append(
                OffCPU(
                    startNs: sample.startNs, endNs: sample.startNs + sample.durationNs,
                    preempted: sample.state == .runnable, sample: sample))
        }
        for id in threads.keys { threads[id]?.offCPU.sort { $0.startNs < $1.startNs } }
    }

    /// The last off-CPU interval of `thread` that started before `timeNs`.
    func lastOffCPU(of thread: Int32, before timeNs: Int64) -> OffCPU? {
        guard let intervals = threads[thread]?.offCPU else { return nil }
        var low = 0
        var high = intervals.count
        while low < high {
            let middle = (low + high) / 2
            if intervals[middle].startNs < timeNs { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? intervals[low - 1] : nil
    }

    /// When `thread`'s stretch on a CPU that includes `timeNs` began and ended (nil when it was
    /// off the CPU then or not alive).
    func runningStretch(of thread: Int32, at timeNs: Int64) -> (startNs: Int64, endNs: Int64)? {
        guard let info = threads[thread], info.startNs <= timeNs, timeNs < info.endNs else { return nil }
        let before = lastOffCPU(of: thread, before: timeNs + 1)
        if let before, before.endNs > timeNs { return nil }
        let start = before?.endNs ?? info.startNs
        let next = info.offCPU.first { $0.startNs > timeNs }
        return (start, min(next?.startNs ?? info.endNs, info.endNs))
    }

    /// The thread that was last on a CPU at or before `timeNs`, or nil.
    func lastRunning(atOrBefore timeNs: Int64) -> Int32? {
        var best: (thread: Int32, time: Int64)?
        for thread in threads.keys {
            let time = lastRunningTime(of: thread, atOrBefore: timeNs)
            if let time, time > (best?.time ?? .min) || (time == best?.time && thread == mainThread) {
                best = (thread, time)
            }
        }
        return best?.thread
    }

    /// The latest time at or before `timeNs` at which `thread` was on a CPU.
    func lastRunningTime(of thread: Int32, atOrBefore timeNs: Int64) -> Int64? {
        guard let info = threads[thread], info.startNs <= timeNs else { return nil }
        let until = min(timeNs, info.endNs)
        guard let off = lastOffCPU(of: thread, before: until + 1), off.endNs >= until else { return until }
        return off.startNs > info.startNs ? off.startNs : nil
    }
}
