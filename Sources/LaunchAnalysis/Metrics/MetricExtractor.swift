import LaunchTrace

/// Turns one launch trace into named metric values (see ``MetricCatalog``).
///
/// Values are in the metric's base unit: nanoseconds, bytes or a count. A metric the
/// trace does not contain (a phase not reached, a total that is `nil`, the resume metrics
/// of a warm launch, the stall and blocking-call metrics of an instrument that did not
/// run) is absent from the result, never zero.
///
/// ```swift
/// let values = MetricExtractor.values(of: trace)
/// values[.timeToFirstFrame]   // 412_000_000
/// ```
public enum MetricExtractor {
    /// The metrics of one trace, by name.
    public static func values(of trace: LaunchTrace) -> [MetricName: Double] {
        var values: [MetricName: Double] = [:]
        for record in trace.phases {
            let phase = record.phase
            values[.phase(phase)] = Double(record.durationNs)
            values[.phase(phase, .onCpu)] = Double(record.threadState.onCpuNs)
            values[.phase(phase, .runnable)] = Double(record.threadState.runnableNs)
            values[.phase(phase, .blocked)] = Double(record.threadState.blockedNs)
        }
        let totals = trace.totals
        values[.timeToFirstFrame] = totals.timeToFirstFrameNs.map(Double.init)
        values[.timeToActive] = totals.timeToActiveNs.map(Double.init)
        values[.timeToFullDisplay] = totals.timeToFullDisplayNs.map(Double.init)
        values[.timeToReady] = totals.timeToReadyNs.map(Double.init)

        let beforeFirstFrame = trace.phases.filter { $0.phase.isBeforeFirstFrame }
        if !beforeFirstFrame.isEmpty {
            let state = beforeFirstFrame.reduce(ThreadState.zero) { $0 + $1.threadState }
            // Blocked time is summed per phase: each phase's is clamped at zero on its own.
            values[.mainThreadBlocked] = Double(beforeFirstFrame.reduce(Int64(0)) { $0 + $1.threadState.blockedNs })
            values[.mainThreadOnCpu] = Double(state.onCpuNs)
            values[.mainThreadRunnable] = Double(state.runnableNs)
            values[.majorFaults] = Double(state.majorFaults)
            values[.minorFaults] = Double(state.minorFaults)
        }
        values[.peakMemory] = Double(trace.memory.peakResidentBytes)
        values[.profilerOverhead] = Double(trace.profiler.mainThreadNs)

        if let enter = trace.marks.first(where: { $0.name == ResumeMarks.willEnterForeground }) {
            if let frame = trace.marks.first(where: { $0.name == ResumeMarks.frameCommitted && $0.timeNs >= enter.timeNs }) {
                values[.resumeToFrame] = Double(frame.timeNs - enter.timeNs)
            }
            if let active = trace.marks.first(where: { $0.name == ResumeMarks.active && $0.timeNs >= enter.timeNs }) {
                values[.resumeToActive] = Double(active.timeNs - enter.timeNs)
            }
        }
        if let activity = trace.mainThread {
            // Stall metrics exist when the sampler ran, blocking-call metrics when the tracer
            // ran (zero for a kind it saw no call of over its threshold).
            if activity.sampler.method != .none {
                values[.stallCount] = Double(activity.stalls.count)
                values[.longestStall] = Double(activity.stalls.map(\.durationNs).max() ?? 0)
            }
            if activity.tracer != nil {
                for kind in MetricCatalog.blockingKinds {
                    values[.blockingCalls(kind)] = 0
                    values[.blockingTime(kind)] = 0
                }
                for call in activity.blockingCalls where call.kind.isTracedCall {
                    values[.blockingCalls(call.kind), default: 0] += 1
                    values[.blockingTime(call.kind), default: 0] += Double(call.durationNs)
                }
            }
        }
        for span in trace.spans {
            values[.span(span.name), default: 0] += Double(span.durationNs)
        }
        return values
    }
}
