import LaunchSymbolication
import LaunchTrace

/// What findings and attribution need to charge one launch's whole-launch profile: its
/// critical path, the stacks symbolicated once, the traced calls, and the phases.
final class ProfileContext {
    let trace: LaunchTrace
    let profile: LaunchProfile
    let map: ImageMap
    let symbolicator: Symbolicator
    /// The launch's critical path.
    private(set) var path: CriticalPath!
    /// Whether the preloaded tracer ran (it times the main thread's blocking calls itself).
    let tracerRan: Bool
    private let traced: TracedIntervals
    private let runnableStacks: RunnableStacks
    private var framesByStack: [Int: [SymbolicatedFrame]] = [:]

    /// The context of `trace`'s whole-launch profile, or nil when it has no perf profile.
    static func of(_ trace: LaunchTrace, symbolicator: Symbolicator) -> ProfileContext? {
        guard let profile = trace.profile, profile.source == .perf else { return nil }
        return ProfileContext(
            trace: trace, profile: profile, map: ImageMap(FindingsAnalyzer.images(of: trace)),
            symbolicator: symbolicator)
    }

    init(trace: LaunchTrace, profile: LaunchProfile, map: ImageMap, symbolicator: Symbolicator) {
        self.trace = trace
        self.profile = profile
        self.map = map
        self.symbolicator = symbolicator
        tracerRan = trace.mainThread?.tracer != nil
        traced = TracedIntervals(trace.mainThread?.blockingCalls ?? [])
        runnableStacks = RunnableStacks(profile: profile)
        let end = trace.totals.timeToFirstFrameNs ?? trace.phases.map(\.endNs).max() ?? 0
        path = CriticalPath(profile: profile, endNs: end) { [unowned self] in self.isWakeable($0) }
    }

    /// The frames of a sample's stack, innermost first; a runnable span without a stack of its
    /// own has the stack of its thread's nearest on-CPU sample (``RunnableStacks``).
    func frames(of sample: ProfileSample) -> [SymbolicatedFrame] {
        guard let index = runnableStacks.stack(of: sample) else { return [] }
        if let frames = framesByStack[index] { return frames }
        let frames = symbolicator.symbolicate(stack: profile.stack(of: sample), in: map, firstIsExact: true)
        framesByStack[index] = frames
        return frames
    }

    /// Whether another thread of the program can have ended the wait of an off-CPU sample: not
    /// a sleep, nor disk or network I/O, nor a page fault (a stack in no blocking function). A
    /// wait in a libc function its symbols do not name (its futex internals, without libc's
    /// debug symbols installed) counts as one another thread can end. In a LaunchKit app the
    /// main thread's waits are findings themselves (the main thread must not block before the
    /// first frame, whatever it waits for), so the path does not leave it there.
    func isWakeable(_ sample: ProfileSample) -> Bool {
        if sample.isMainThread, LaunchEndpoint(interface: trace.app.interface) == .firstFrame { return false }
        guard sample.stack != nil else { return true }
        let frames = frames(of: sample)
        let (kind, _) = FindingsAnalyzer.classify(frames, offCPU: true)
        if kind == .lock || kind == .wait { return true }
        guard kind == .cpu, let leaf = frames.first, leaf.symbol == nil, let image = leaf.imageName else {
            return false
        }
        return image.hasPrefix("libc.so") || image.hasPrefix("libc-")
    }

    /// Whether an on-CPU sample was taken while its thread was on the critical path, running.
    func isOnPath(_ sample: ProfileSample) -> Bool {
        path.segment(of: sample.thread ?? path.mainThread, at: sample.startNs + sample.durationNs - 1)?.state
            == .running
    }

    /// The parts of a sample charged to the launch, by phase: an on-CPU sample whole, in the
    /// phase it was taken in, when its thread was on the path then; a blocked span for its
    /// overlap with its thread's blocked stretches of the path, a runnable span (waiting for a
    /// CPU) for its overlap with the runnable ones, split by phase.
    func chargedParts(of sample: ProfileSample) -> [(phase: LaunchPhase?, durationNs: Int64)] {
        let thread = sample.thread ?? path.mainThread
        let end = sample.startNs + sample.durationNs
        if sample.state == .onCPU {
            guard isOnPath(sample) else { return [] }
            if sample.isMainThread, traced.contains(end - 1) { return [] }
            return [(FindingsAnalyzer.phase(at: end - 1, in: trace), sample.durationNs)]
        }
        var parts: [(phase: LaunchPhase?, durationNs: Int64)] = []
        let state: CriticalPath.State = sample.state == .runnable ? .runnable : .blocked
        for (segment, _) in path.overlaps(of: thread, startNs: sample.startNs, endNs: end)
        where segment.state == state {
            let from = max(sample.startNs, segment.startNs)
            let to = min(end, segment.endNs)
            for part in FindingsAnalyzer.phaseParts(startNs: from, durationNs: to - from, in: trace)
            where !(sample.isMainThread && traced.contains(part.middleNs)) {
                parts.append((part.phase, part.durationNs))
            }
        }
        return parts
    }

    /// Who ran a sample, for people: nil for the main thread; `a cooperative-pool thread`
    /// (Swift concurrency's jobs), `thread "NIO-ELT-0-#1"` (a thread the program named),
    /// `a Dispatch worker thread`, or `thread 1234`.
    func threadLabel(of sample: ProfileSample, frames: [SymbolicatedFrame]) -> String? {
        guard let id = sample.thread else { return nil }
        let names = frames.compactMap { $0.symbol?.raw }
        if names.contains(where: { $0.hasPrefix("swift_job_run") || $0.contains("runJobInEstimatedContext") }) {
            return "a cooperative-pool thread"
        }
        let programName = profile.threads.first?.name
        if let name = profile.thread(id)?.name, name != programName, !Self.isDispatchName(name) {
            return "thread \"\(name)\""
        }
        if names.contains(where: { $0.hasPrefix("_dispatch_worker_thread") }) { return "a Dispatch worker thread" }
        return Self.unnamedThreadLabel(frames)
    }

    /// An unnamed thread by the function it was started with, the frame under `start_thread`
    /// (`a thread started at preload_thread`): the same in every launch, where its id is not.
    static func unnamedThreadLabel(_ frames: [SymbolicatedFrame]) -> String {
        guard let start = frames.firstIndex(where: { $0.symbol?.simple == "start_thread" }), start > 0,
            let entry = frames[start - 1].symbol
        else { return "an unnamed thread" }
        return "a thread started at \(FrameClassifier.enclosingFunction(entry.simple))"
    }

    /// libdispatch names its worker threads after the end of their queue's label (`oot.default-qos`).
    static func isDispatchName(_ name: String) -> Bool {
        name.hasSuffix("-qos") || name.hasSuffix("overcommit") || name.hasPrefix("com.apple.")
    }
}
