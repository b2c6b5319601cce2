import LaunchTrace

/// The stack a runnable span (a thread preempted, waiting for a CPU) is charged to.
///
/// A preempted thread keeps its stack: it resumes where it was interrupted, in the same work. The
/// span is charged to the stack of the thread's last on-CPU sample before the preemption, in the
/// same stretch of work (the thread did not go to sleep in between: a voluntary switch ends the
/// stretch, its stack is another piece of work); else to the stack recorded at the switch-out;
/// else to the first on-CPU sample after the thread got a CPU back, in the same stretch. The
/// samples come first because they are taken uniformly in CPU time: the scheduler preempts a
/// thread at its reschedule points, often in a system call (a clock read in a loop), and the
/// switch-out's own stack would charge the whole wait to that call's small helper rather than to
/// the work whose time slice ran out.
struct RunnableStacks {
    /// One thread's on-CPU samples (by the time they were taken) and voluntary waits.
    fileprivate struct Thread {
        var samples: [(timeNs: Int64, stack: Int)] = []
        var blocked: [(startNs: Int64, endNs: Int64)] = []
    }

    fileprivate var threads: [Int32: Thread] = [:]

    init(profile: LaunchProfile) {
        for sample in profile.samples {
            let id = sample.thread ?? -1
            switch sample.state {
            case .onCPU:
                if let stack = sample.stack {
                    threads[id, default: Thread()].samples.append((sample.startNs + sample.durationNs, stack))
                }
            case .blocked:
                threads[id, default: Thread()].blocked.append((sample.startNs, sample.startNs + sample.durationNs))
            case .runnable: break
            }
        }
        for id in threads.keys {
            threads[id]?.samples.sort { $0.timeNs < $1.timeNs }
            threads[id]?.blocked.sort { $0.startNs < $1.startNs }
        }
    }

    /// The stack index `sample` is charged to: an on-CPU or blocked sample's own; a runnable
    /// span's from its stretch's last on-CPU sample before it, else its own, else the stretch's
    /// first on-CPU sample after it (nil when there is none).
    func stack(of sample: ProfileSample) -> Int? {
        guard sample.state == .runnable else { return sample.stack }
        guard let thread = threads[sample.thread ?? -1] else { return sample.stack }
        let start = sample.startNs
        let end = sample.startNs + sample.durationNs
        let next = thread.samples.partitioningIndex { $0.timeNs > start }
        if next > 0, !thread.sleeps(from: thread.samples[next - 1].timeNs, to: start) {
            return thread.samples[next - 1].stack
        }
        if let own = sample.stack { return own }
        let after = thread.samples.partitioningIndex { $0.timeNs >= end }
        if after < thread.samples.count, !thread.sleeps(from: end, to: thread.samples[after].timeNs) {
            return thread.samples[after].stack
        }
        return nil
    }
}

extension RunnableStacks.Thread {
    /// Whether the thread waited voluntarily (slept, blocked) somewhere in `[fromNs, toNs]`.
    fileprivate func sleeps(from fromNs: Int64, to toNs: Int64) -> Bool {
        let index = RunnableStacks.firstIndexAfter(blocked, startNs: toNs)
        return index > 0 && blocked[index - 1].endNs > fromNs
    }
}

extension RunnableStacks {
    /// The index of the first interval starting after `startNs`.
    fileprivate static func firstIndexAfter(_ intervals: [(startNs: Int64, endNs: Int64)], startNs: Int64) -> Int {
        intervals.partitioningIndex { $0.startNs > startNs }
    }
}
