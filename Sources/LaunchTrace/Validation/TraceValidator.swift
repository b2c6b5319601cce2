/// Checks a decoded trace for values no launch can produce, so that nothing downstream (the
/// summary, findings, reports) computes with them: negative or overflowing durations, times
/// more than ``LaunchTrace/maximumTimeNs`` from the launch start, duplicated or overlapping
/// phases, indexes that point nowhere.
///
/// ``LaunchTrace/decode(_:file:)`` runs it on every trace it reads, so `run`, `check` and
/// `report` share it. The first problem found is thrown, naming the file, the JSON path and
/// the value:
///
/// ```text
/// launch-001.trace.json: at phases[3].durationNs: the value -5000000000 is not valid. Expected a duration from 0 to 86400000000000 ns (one day).
/// ```
struct TraceValidator {
    let file: String

    /// Throws the first impossible value of `trace`.
    func validate(_ trace: LaunchTrace) throws(LaunchProfilerError) {
        try validatePhases(trace.phases)
        for (i, span) in trace.spans.enumerated() {
            try interval(span.startNs, span.durationNs, at: "spans[\(i)]")
            if let parent = span.parent { try index(parent, count: trace.spans.count, at: "spans[\(i)].parent") }
        }
        for (i, mark) in trace.marks.enumerated() { try time(mark.timeNs, at: "marks[\(i)].timeNs") }
        try validateTotals(trace.totals)
        try count(trace.memory.peakResidentBytes, at: "memory.peakResidentBytes")
        try count(trace.memory.residentBytes, at: "memory.residentBytes")
        try time(trace.ending.atNs, at: "ending.atNs")
        if let activity = trace.mainThread { try validate(activity) }
        if let profile = trace.profile { try validate(profile) }
    }

    /// Phases: each within the launch, none twice, none overlapping the one before it.
    private func validatePhases(_ phases: [PhaseRecord]) throws(LaunchProfilerError) {
        var seen: [LaunchPhase: Int] = [:]
        for (i, record) in phases.enumerated() {
            let path = "phases[\(i)]"
            if record.startNs < 0 {
                throw problem(
                    at: "\(path).startNs", record.startNs, "Expected a phase start at or after the launch start (0 ns)."
                )
            }
            try interval(record.startNs, record.durationNs, at: path)
            try validate(record.threadState, at: "\(path).threadState")
            if let first = seen[record.phase] {
                throw problem(
                    at: "\(path).phase", record.phase.rawValue,
                    "Expected each phase once; it is already phases[\(first)].")
            }
            seen[record.phase] = i
        }
        let ordered = phases.enumerated().sorted { $0.element.startNs < $1.element.startNs }
        for (previous, next) in zip(ordered, ordered.dropFirst()) where next.element.startNs < previous.element.endNs {
            throw problem(
                at: "phases[\(next.offset)].startNs", next.element.startNs,
                "Expected phases not to overlap; phases[\(previous.offset)] (\(previous.element.phase.rawValue)) ends at \(previous.element.endNs) ns."
            )
        }
    }

    private func validateTotals(_ totals: LaunchTotals) throws(LaunchProfilerError) {
        if let value = totals.timeToLaunchScreenNs { try duration(value, at: "totals.timeToLaunchScreenNs") }
        if let value = totals.timeToFirstFrameNs { try duration(value, at: "totals.timeToFirstFrameNs") }
        if let value = totals.timeToFirstWindowNs { try duration(value, at: "totals.timeToFirstWindowNs") }
        if let value = totals.timeToActiveNs { try duration(value, at: "totals.timeToActiveNs") }
        if let value = totals.timeToFullDisplayNs { try duration(value, at: "totals.timeToFullDisplayNs") }
        if let value = totals.timeToReadyNs { try duration(value, at: "totals.timeToReadyNs") }
    }

    private func validate(_ state: ThreadState, at path: String) throws(LaunchProfilerError) {
        try duration(state.wallNs, at: "\(path).wallNs")
        try duration(state.onCpuNs, at: "\(path).onCpuNs")
        try duration(state.runnableNs, at: "\(path).runnableNs")
        let counters = [
            ("minorFaults", state.minorFaults), ("majorFaults", state.majorFaults),
            ("voluntarySwitches", state.voluntarySwitches), ("involuntarySwitches", state.involuntarySwitches),
        ]
        for case (let name, let value?) in counters { try count(value, at: "\(path).\(name)") }
    }

    private func validate(_ activity: MainThreadActivity) throws(LaunchProfilerError) {
        for (i, call) in activity.blockingCalls.enumerated() {
            try interval(call.startNs, call.durationNs, at: "mainThread.blockingCalls[\(i)]")
            if let bytes = call.bytes { try count(bytes, at: "mainThread.blockingCalls[\(i)].bytes") }
        }
        for (i, stall) in activity.stalls.enumerated() {
            try interval(stall.startNs, stall.durationNs, at: "mainThread.stalls[\(i)]")
            for (j, sample) in stall.samples.enumerated() {
                let path = "mainThread.stalls[\(i)].samples[\(j)]"
                try time(sample.timeNs, at: "\(path).timeNs")
                if let call = sample.blockingCall {
                    try index(call, count: activity.blockingCalls.count, at: "\(path).blockingCall")
                }
            }
        }
    }

    private func validate(_ profile: LaunchProfile) throws(LaunchProfilerError) {
        try duration(profile.samplePeriodNs, at: "profile.samplePeriodNs")
        for (i, sample) in profile.samples.enumerated() {
            try interval(sample.startNs, sample.durationNs, at: "profile.samples[\(i)]")
            if let stack = sample.stack {
                try index(stack, count: profile.stacks.count, at: "profile.samples[\(i)].stack")
            }
        }
    }

    // MARK: - Single values

    private func interval(_ start: Int64, _ length: Int64, at path: String) throws(LaunchProfilerError) {
        try time(start, at: "\(path).startNs")
        try duration(length, at: "\(path).durationNs")
    }

    private func time(_ value: Int64, at path: String) throws(LaunchProfilerError) {
        let limit = LaunchTrace.maximumTimeNs
        guard (-limit...limit).contains(value) else {
            throw problem(at: path, value, "Expected a time within \(limit) ns (one day) of the launch start.")
        }
    }

    private func duration(_ value: Int64, at path: String) throws(LaunchProfilerError) {
        guard (0...LaunchTrace.maximumTimeNs).contains(value) else {
            throw problem(at: path, value, "Expected a duration from 0 to \(LaunchTrace.maximumTimeNs) ns (one day).")
        }
    }

    private func count(_ value: Int64, at path: String) throws(LaunchProfilerError) {
        guard (0...LaunchTrace.maximumCount).contains(value) else {
            throw problem(at: path, value, "Expected a count from 0 to \(LaunchTrace.maximumCount).")
        }
    }

    private func index(_ value: Int, count: Int, at path: String) throws(LaunchProfilerError) {
        guard (0..<count).contains(value) else {
            throw problem(
                at: path, value,
                count == 0
                    ? "Expected no index: the list it points into is empty."
                    : "Expected an index from 0 to \(count - 1).")
        }
    }

    private func problem(at path: String, _ value: some CustomStringConvertible, _ expected: String)
        -> LaunchProfilerError
    {
        LaunchProfilerError(
            .invalidTrace, "The trace holds a value no launch can produce:",
            context: .init(file: file, jsonPath: path, value: String(describing: value), expected: expected)
        )
    }
}
