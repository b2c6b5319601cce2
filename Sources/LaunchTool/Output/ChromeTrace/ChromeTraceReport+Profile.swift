import LaunchTrace

extension ChromeTraceReport {
    /// The track (thread id) of the main thread's whole-launch profile; the other threads'
    /// tracks follow, in the order of their first sample.
    package static let firstProfileTrack = 100

    /// The whole-launch profile of each thread on a track of its own (`main thread: on-CPU and
    /// blocked`, `thread NAME (tid 1234): on-CPU and blocked`): each on-CPU sample and blocked
    /// span that the flame graphs weigh is a complete event named by its innermost function
    /// (`Catalog.init(data:)`, `read [blocked]`), with the stack (innermost first) and the
    /// phase in `args`. An on-CPU sample stands for the sampling period before it was taken;
    /// where that period reaches back over the thread's previous event, the event starts where
    /// the previous one ended, so each track stays a sequence of events.
    func profileEvents(_ profile: MainThreadProfile, pid: Int) -> [ChromeTraceEvent] {
        var threads: [Int32?] = []
        for sample in profile.samples where sample.isWholeLaunch && !threads.contains(sample.thread) {
            threads.append(sample.thread)
        }
        threads = (threads.contains(nil) ? [nil] : []) + threads.filter { $0 != nil }
        var events: [ChromeTraceEvent] = []
        for (offset, thread) in threads.enumerated() {
            let tid = Self.firstProfileTrack + offset
            let samples = profile.samples.filter { $0.isWholeLaunch && $0.thread == thread }
            let title = thread.map { "\(samples[0].threadName) (tid \($0))" } ?? WeightedStack.mainThreadName
            events += [
                ChromeTraceEvent(
                    name: "thread_name", ph: "M", ts: 0, pid: pid, tid: tid,
                    args: ["name": .string("\(title): on-CPU and blocked")]),
                ChromeTraceEvent(
                    name: "thread_sort_index", ph: "M", ts: 0, pid: pid, tid: tid,
                    args: ["sort_index": .int(Int64(tid))]),
            ]
            events += sampleEvents(samples, of: profile, pid: pid, tid: tid)
        }
        return events
    }

    /// One thread's samples, in time order, as complete events that do not overlap.
    private func sampleEvents(_ samples: [WeightedStack], of profile: MainThreadProfile, pid: Int, tid: Int)
        -> [ChromeTraceEvent]
    {
        var previousEndUs = Int64.min
        return samples.map { sample in
            let startUs = max(Self.us(sample.timeNs), previousEndUs)
            let endUs = max(Self.us(sample.timeNs.saturatingAdd(sample.weightNs)), startUs)
            previousEndUs = endUs
            let stack = profile.names(of: sample).filter { $0 != MainThreadProfile.blockedFrameName }
            let leaf = stack.last ?? "[no stack]"
            var args: [String: ChromeTraceValue] = [
                "stack": .strings(stack.reversed()), "weightMs": .double(Self.ms(sample.weightNs)),
            ]
            if let phase = sample.phase { args["phase"] = .string(phase.rawValue) }
            return ChromeTraceEvent(
                name: sample.source == .blocked ? "\(leaf) [blocked]" : leaf, cat: sample.source.rawValue, ph: "X",
                ts: startUs, dur: endUs - startUs, pid: pid, tid: tid, args: args)
        }
    }
}
