import LaunchTrace

extension CriticalPath {
    /// The path of the launch that ended at `endNs` (nanoseconds since its start).
    ///
    /// - Parameter isWakeable: whether the off-CPU sample's wait can have been ended by another
    ///   thread (a lock, a futex, a join, a poll); false for a sleep or a read from disk, which
    ///   only the kernel ends.
    package init(profile: LaunchProfile, endNs: Int64, isWakeable: (ProfileSample) -> Bool) {
        let timeline = ThreadTimeline(profile: profile)
        let (end, time) = Self.start(timeline: timeline, endNs: endNs)
        let segments = withoutActuallyEscaping(isWakeable) { isWakeable in
            var walk = Walk(timeline: timeline, isWakeable: isWakeable)
            walk.run(thread: end, timeNs: time)
            return walk.segments
        }
        self.init(
            segments: segments.sorted { $0.startNs < $1.startNs }, endThread: end, mainThread: timeline.mainThread)
    }

    /// How long before the launch's end the thread that signalled readiness may have gone to
    /// sleep: the runner sees an output line, a socket or a file a little after it was made.
    static let signalWindowNs: Int64 = 2_000_000

    /// Where the walk starts: the main thread, unless it was asleep long before the end (an
    /// `async` main parks it and runs the program on other threads); then the thread that ran last.
    /// A thread that went to sleep just before the end is walked from when it did.
    static func start(timeline: ThreadTimeline, endNs: Int64) -> (Int32, Int64) {
        let main = timeline.mainThread
        guard let off = timeline.lastOffCPU(of: main, before: endNs + 1), off.endNs >= endNs, !off.preempted else {
            return (main, endNs)
        }
        if off.startNs >= endNs - signalWindowNs { return (main, off.startNs) }
        guard let thread = timeline.lastRunning(atOrBefore: endNs) else { return (main, endNs) }
        return (thread, timeline.lastRunningTime(of: thread, atOrBefore: endNs) ?? endNs)
    }

    /// The walk back from the end: one thread at a time, one stretch at a time.
    struct Walk {
        let timeline: ThreadTimeline
        let isWakeable: (ProfileSample) -> Bool
        var segments: [Segment] = []

        mutating func run(thread start: Int32, timeNs: Int64) {
            var thread = start
            var time = timeNs
            var steps = 0
            while time > 0, steps < 100_000 {
                steps += 1
                guard let next = step(thread: thread, timeNs: time) else { return }
                (thread, time) = next
            }
        }

        /// Adds the stretch of `thread` that ends at `timeNs`; returns where the walk goes on.
        mutating func step(thread: Int32, timeNs: Int64) -> (Int32, Int64)? {
            guard let info = timeline.threads[thread] else { return nil }
            let off = timeline.lastOffCPU(of: thread, before: timeNs)
            if let off, off.endNs >= timeNs {
                return offCPU(off, thread: thread, until: timeNs)
            }
            let runStart = max(off?.endNs ?? info.startNs, info.startNs)
            add(thread, runStart, timeNs, .running)
            if off != nil, runStart > info.startNs { return (thread, runStart) }
            // The thread's first stretch: it was started by its parent, running then.
            guard let parent = info.parent, info.startNs > 0, timeline.threads[parent] != nil else {
                return runStart > 0 ? (thread, runStart) : nil
            }
            return (parent, info.startNs)
        }

        /// The off-CPU interval `off` of `thread`, up to `until`.
        mutating func offCPU(_ off: ThreadTimeline.OffCPU, thread: Int32, until: Int64) -> (Int32, Int64)? {
            let end = min(off.endNs, until)
            if off.preempted {
                add(thread, off.startNs, end, .runnable)
                return (thread, off.startNs)
            }
            if isWakeable(off.sample), let waker = waker(of: thread, off: off) {
                add(thread, off.startNs, end, .waiting, waitedFor: waker.thread)
                return (waker.thread, waker.timeNs)
            }
            add(thread, off.startNs, end, .blocked)
            return (thread, off.startNs)
        }

        /// The thread that ended `thread`'s wait: among the others that ran during it, the one that
        /// ran last before the wait ended (on a busy machine the woken thread may wait for a CPU
        /// long after the wake), and of those on a CPU then, the one that stopped soonest after (a
        /// waker often parks or exits right after it posts).
        func waker(of thread: Int32, off: ThreadTimeline.OffCPU) -> (thread: Int32, timeNs: Int64)? {
            var best: (thread: Int32, timeNs: Int64, stopsNs: Int64)?
            for other in timeline.threads.keys where other != thread {
                guard let last = timeline.lastRunningTime(of: other, atOrBefore: off.endNs), last >= off.startNs
                else { continue }
                let stops = timeline.runningStretch(of: other, at: last)?.endNs ?? last
                let candidate = (thread: other, timeNs: last, stopsNs: stops)
                if let current = best, (current.timeNs, -current.stopsNs) >= (last, -stops) { continue }
                best = candidate
            }
            return best.map { ($0.thread, $0.timeNs) }
        }

        mutating func add(_ thread: Int32, _ start: Int64, _ end: Int64, _ state: State, waitedFor: Int32? = nil) {
            guard end > start else { return }
            segments.append(Segment(thread: thread, startNs: start, endNs: end, state: state, waitedFor: waitedFor))
        }
    }
}
