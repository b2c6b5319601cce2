import LaunchSymbolication
import LaunchTrace

extension BreakdownBuilder {
    /// `[from, to)` of a stretch on a CPU, split by the thread's on-CPU samples that overlap it;
    /// a part no sample covers, up to two sampling periods long (the samples' spans do not tile
    /// the time exactly), takes the reason of the piece before it (else after it), and with no
    /// sample at all, of the stretch's nearest sample; a longer part is unattributed (no sample
    /// says what ran).
    func running(_ segment: CriticalPath.Segment, from: Int64, to: Int64) -> [BreakdownInterval] {
        let pieces = overlapping(onCPU[segment.thread] ?? [], from: from, to: to).map { sample in
            let (reason, detail) = cpuReason(sample)
            return BreakdownInterval(
                startNs: max(from, sample.startNs), endNs: min(to, sample.startNs + sample.durationNs), reason: reason,
                detail: detail)
        }
        .sorted { $0.startNs < $1.startNs }
        guard !pieces.isEmpty else {
            let nearest = isShortGap(to - from) ? nearestSample(of: segment.thread, in: segment, to: from) : nil
            let (reason, detail) = nearest.map(cpuReason) ?? (.unattributed, nil)
            return [BreakdownInterval(startNs: from, endNs: to, reason: reason, detail: detail)]
        }
        var result: [BreakdownInterval] = []
        var cursor = from
        for piece in pieces where piece.endNs > cursor {
            if piece.startNs > cursor {
                result.append(gap(from: cursor, to: piece.startNs, owner: result.last ?? piece))
            }
            result.append(
                BreakdownInterval(
                    startNs: max(cursor, piece.startNs), endNs: piece.endNs, reason: piece.reason, detail: piece.detail)
            )
            cursor = piece.endNs
        }
        if cursor < to, let last = result.last { result.append(gap(from: cursor, to: to, owner: last)) }
        return result
    }

    /// Whether a stretch on a CPU no sample covers is short enough to be the samples' own slack.
    func isShortGap(_ ns: Int64) -> Bool { ns <= 2 * max(1, context.profile.samplePeriodNs) }

    /// A part of a stretch on a CPU between samples: `owner`'s reason when short, else unattributed.
    func gap(from: Int64, to: Int64, owner: BreakdownInterval) -> BreakdownInterval {
        guard isShortGap(to - from) else { return BreakdownInterval(startNs: from, endNs: to, reason: .unattributed) }
        return BreakdownInterval(startNs: from, endNs: to, reason: owner.reason, detail: owner.detail)
    }

    /// The samples of `sorted` (by start) that overlap `[from, to)`.
    func overlapping(_ sorted: [ProfileSample], from: Int64, to: Int64) -> [ProfileSample] {
        // Samples are at most a period long: start the scan at the first one ending after `from`.
        var index = sorted.partitioningIndex { $0.startNs >= to }
        var result: [ProfileSample] = []
        while index > 0 {
            index -= 1
            let sample = sorted[index]
            if sample.startNs + sample.durationNs > from {
                result.append(sample)
            } else if sample.startNs + context.profile.samplePeriodNs * 4 < from {
                break
            }
        }
        return result
    }

    /// The on-CPU sample of `thread` inside `segment` nearest to `time`, if any.
    func nearestSample(of thread: Int32, in segment: CriticalPath.Segment, to time: Int64) -> ProfileSample? {
        overlapping(onCPU[thread] ?? [], from: segment.startNs, to: segment.endNs).min {
            abs($0.startNs - time) < abs($1.startNs - time)
        }
    }

    /// Where an on-CPU sample was: in a system library (the innermost frame's, named: `libm.so.6`
    /// for the `sin` the program called), in the loader, in the program's code (its own functions,
    /// the dependencies linked into it, and the Swift runtime it runs on, as the attribution line
    /// counts them), in another named library, or nowhere known.
    func cpuReason(_ sample: ProfileSample) -> (BreakdownReason, String?) {
        let frames = context.frames(of: sample)
        if let leaf = frames.first(where: { $0.image != nil }), let image = leaf.image,
            FindingsAnalyzer.isLoader(image) || ownership.owner(of: leaf) == .system
        {
            return FindingsAnalyzer.isLoader(image) ? (.library, "the loader") : (.library, leaf.imageName ?? image)
        }
        let charged = FindingsAnalyzer.charge(1, to: frames, ownership: ownership)
        if charged.appNs > 0 { return (.programCode, nil) }
        if charged.loaderNs > 0 { return (.library, "the loader") }
        if let library = charged.librariesNs.keys.first { return (.library, library) }
        return (.unattributed, nil)
    }

    /// What a blocked stretch of `thread` at `time` waited in: the display server (a frame in
    /// libxcb, libX11 or libwayland-client), else the kind its stack shows (a wait in no blocking
    /// function is a major page fault, as in the findings: the thread blocked in no system call,
    /// so in the kernel's fault path reading the page), with the blocking function.
    func blockedReason(thread: Int32, at time: Int64) -> (BreakdownReason, String?) {
        let samples = blocked[thread] ?? []
        let index = samples.partitioningIndex { $0.startNs > time }
        guard index > 0, samples[index - 1].startNs + samples[index - 1].durationNs > time else {
            return (.unattributed, nil)
        }
        let frames = context.frames(of: samples[index - 1])
        guard !frames.isEmpty else { return (.unattributed, nil) }
        let display = frames.first { frame in
            ["libxcb", "libX11", "libwayland-client"].contains { frame.imageName?.hasPrefix($0) ?? false }
        }
        if let display { return (.displayRoundTrip, display.symbol?.simple) }
        let (kind, function) = FindingsAnalyzer.classify(frames, offCPU: true, ownership: ownership)
        switch kind {
        case .fileIO: return (.fileIO, function)
        case .pageFaults, .cpu: return (.majorFault, function ?? "page fault")
        case .lock, .wait: return (.lock, function)
        case .sleep: return (.sleep, function)
        case .network: return (.ipc, function)
        }
    }
}
