import LaunchSymbolication
import LaunchTrace

extension FindingsAnalyzer {
    /// Findings from the whole-launch profile: every on-CPU and blocked span of the main thread
    /// during the launch's phases, charged from its first millisecond.
    ///
    /// Time the tracer timed exactly is not charged twice: a span inside a traced blocking call
    /// belongs to that call (with its resource), and with the tracer preloaded, a span in a
    /// blocking libc call it interposes belongs to the tracer's records (those over the threshold
    /// one by one, the shorter ones in aggregate). Runnable time (waiting for a CPU) is the
    /// machine's, not the app's, and is never a finding.
    func profileFindings(trace: LaunchTrace, profile: LaunchProfile, map: ImageMap, symbolicator: Symbolicator) -> [LaunchFinding] {
        let traced = TracedIntervals(trace.mainThread?.blockingCalls ?? [])
        let tracerRan = trace.mainThread?.tracer != nil
        var result: [LaunchFinding] = []
        for sample in profile.samples where sample.state != .runnable {
            let middle = sample.startNs + sample.durationNs / 2
            guard let phase = Self.phase(at: middle, in: trace), !traced.contains(middle) else { continue }
            let frames = symbolicator.symbolicate(stack: profile.stack(of: sample), in: map, firstIsExact: true)
            var (kind, function) = Self.classify(frames)
            if tracerRan, kind != .cpu, kind != .pageFaults { continue }
            if sample.state == .blocked, kind == .cpu { kind = .pageFaults }
            if let found = finding(
                frames: frames, kind: kind, phase: phase, costNs: sample.durationNs, tracedCalls: 0, samples: 1,
                blockingFunction: function, resource: nil, bytes: nil
            ) { result.append(found) }
        }
        return result
    }

    /// Findings from the tracer's calls under its threshold: one per call site and function,
    /// charged the calls' whole time, with their count, bytes and resource.
    func shortCallFindings(trace: LaunchTrace, map: ImageMap, symbolicator: Symbolicator) -> [LaunchFinding] {
        (trace.mainThread?.shortCalls ?? []).compactMap { aggregate in
            let frames = symbolicator.symbolicate(stack: aggregate.stack, in: map, firstIsExact: false)
            let resource = aggregate.resource.map { aggregate.variedResources ? "\($0) and others" : $0 }
            return finding(
                frames: frames, kind: aggregate.kind, phase: aggregate.phase ?? Self.phase(at: aggregate.firstStartNs, in: trace),
                costNs: aggregate.totalNs, tracedCalls: aggregate.count, samples: 0, blockingFunction: aggregate.function,
                resource: resource, bytes: aggregate.bytes
            )
        }
    }

    /// Where the main thread's on-CPU and blocked time before the first frame (or, for a launch
    /// without one, during its phases) was charged, from the whole-launch profile.
    public func attribution(in trace: LaunchTrace, symbolicator: Symbolicator) -> LaunchAttribution? {
        guard let profile = trace.profile, profile.source == .perf else { return nil }
        let map = ImageMap(Self.images(of: trace))
        let end = trace.totals.timeToFirstFrameNs ?? trace.phases.map(\.endNs).max() ?? 0
        var attribution = LaunchAttribution()
        for sample in profile.samples where sample.state != .runnable && sample.startNs + sample.durationNs / 2 < end {
            let frames = symbolicator.symbolicate(stack: profile.stack(of: sample), in: map, firstIsExact: true)
            attribution.add(Self.charge(sample.durationNs, to: frames))
        }
        return attribution
    }

    /// The attribution of `ns` to the frames of one stack.
    static func charge(_ ns: Int64, to frames: [SymbolicatedFrame]) -> LaunchAttribution {
        if FrameClassifier.attributionIndex(in: frames) != nil { return LaunchAttribution(appNs: ns) }
        guard let leaf = frames.first(where: { $0.image != nil }), let image = leaf.image else {
            return LaunchAttribution(unattributedNs: ns)
        }
        let file = image.split(separator: "/").last.map(String.init) ?? image
        if file.hasPrefix("ld-linux") || file.hasPrefix("ld.so") { return LaunchAttribution(loaderNs: ns) }
        // A Swift library linked into the app's executable (LaunchKit) is named by its module.
        let inApp = !FrameClassifier.isSystemImage(image)
        return LaunchAttribution(librariesNs: [(inApp ? leaf.symbol?.module : nil) ?? file: ns])
    }
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
