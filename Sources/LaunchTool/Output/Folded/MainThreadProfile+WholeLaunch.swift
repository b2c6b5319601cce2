import LaunchTrace

extension MainThreadProfile {
    /// The leaf frame of a blocked span of the whole-launch profile.
    package static let blockedFrameName = "[blocked]"

    /// The whole-launch profile's on-CPU samples of every thread, and the blocked spans of the
    /// main thread and of the other threads while the launch's critical path ran through them
    /// (a pool thread parked for good, an event loop idle in `epoll_wait`, is not the launch's);
    /// runnable spans are left out, and so are the main thread's spans inside a traced blocking call.
    static func wholeLaunchSamples<Naming>(
        _ profile: LaunchProfile, in trace: LaunchTrace, namer: inout StackNamer<Naming>
    ) -> [WeightedStack] {
        let traced = TracedCallIntervals(trace.mainThread?.blockingCalls ?? [])
        let end = trace.totals.timeToFirstFrameNs ?? trace.phases.map(\.endNs).max() ?? 0
        let path = CriticalPath(profile: profile, endNs: end) { _ in true }
        var threadNames: [Int32: String] = [:]
        var result: [WeightedStack] = []
        for sample in profile.samples where sample.state != .runnable {
            let blocked = sample.state == .blocked
            let durationNs = max(0, sample.durationNs)
            let endNs = sample.startNs.saturatingAdd(durationNs)
            // An on-CPU sample was taken when its period ended; a blocked span began blocked.
            let takenNs = blocked ? sample.startNs : max(sample.startNs, endNs - 1)
            let middleNs = sample.startNs + (endNs - sample.startNs) / 2
            if sample.thread == nil, traced.contains(blocked ? middleNs : takenNs) { continue }
            if blocked, let thread = sample.thread,
                path.overlaps(of: thread, startNs: sample.startNs, endNs: endNs).isEmpty
            {
                continue
            }
            var stack = namer.stack(profile.callChain(sample.stack), firstIsExact: true)
            if blocked { stack.append(namer.intern(ProfileFrame(name: Self.blockedFrameName))) }
            var threadName = WeightedStack.mainThreadName
            if let thread = sample.thread {
                threadName = threadNames[thread] ?? Self.threadName(thread, in: trace)
                threadNames[thread] = threadName
            }
            result.append(
                WeightedStack(
                    source: blocked ? .blocked : .onCPU, timeNs: sample.startNs, weightNs: durationNs,
                    phase: trace.phase(at: takenNs), stack: stack, thread: sample.thread, threadName: threadName))
        }
        return result
    }

    /// The root frame of a thread's stacks: `main thread` for the program's main thread (nil),
    /// `thread NAME` for another named thread, `thread (tid 1234)` for one the kernel did not
    /// name, and `process NAME` for the first thread of a process the program started.
    ///
    /// Threads are named, not numbered, so that the same thread of every launch adds up in one
    /// tower (thread ids differ from launch to launch); threads of one launch with the same
    /// name share it, as a pool of workers does.
    package static func threadName(_ thread: Int32?, in trace: LaunchTrace) -> String {
        guard let thread else { return WeightedStack.mainThreadName }
        let described = trace.profile?.thread(thread)
        guard let name = described?.name, !name.isEmpty else { return "thread (tid \(thread))" }
        if let described, described.isFirstThread, described.process != trace.pid { return "process \(name)" }
        return "thread \(name)"
    }
}

extension LaunchProfile {
    /// The call chain at `index` in ``stacks`` (innermost first), or no frames.
    func callChain(_ index: Int?) -> [Address] {
        guard let index, stacks.indices.contains(index) else { return [] }
        return stacks[index]
    }
}
