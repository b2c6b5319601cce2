import Foundation
import LaunchTrace

/// A run as a Chrome trace (Trace Event Format) for Perfetto UI or `chrome://tracing`.
///
/// Each launch is a process (pid = the launch's index, named by `process_name` metadata)
/// with the tracks of ``ChromeTrack``: phases as complete events with the main-thread spans
/// nested inside them, blocking calls and stalls as complete events of their own tracks, stall
/// samples (without the whole-launch profile) as instant events with the stack (innermost
/// first) in `args.stack`, and marks as instants on the main track. With the whole-launch
/// profile, each profiled thread also has a track of its on-CPU samples and blocked spans
/// (from ``firstProfileTrack`` on), each named by its innermost function with its stack in
/// `args.stack`: the samples the flame graphs weigh, on a timeline. Times are whole microseconds after the launch started: each
/// start and end is rounded to the nearest microsecond and a duration is the difference, so
/// adjacent phases stay adjacent and nested events nested, exactly as a JSON reader adds the
/// numbers.
///
/// ```swift
/// let json = try ChromeTraceReport().render(traces: traces, profiles: profiles)
/// ```
package struct ChromeTraceReport: Sendable, Equatable {
    /// Creates a renderer.
    package init() {}

    /// The events of `traces`; `profiles` (matched by run index) name the stacks.
    package func file(traces: [LaunchTrace], profiles: [MainThreadProfile]) -> ChromeTraceFile {
        var events: [ChromeTraceEvent] = []
        for (position, trace) in traces.enumerated() {
            let pid = trace.runIndex ?? position + 1
            let profile = profiles.first { $0.runIndex == pid }
            events += self.events(of: trace, pid: pid, profile: profile)
        }
        return ChromeTraceFile(
            traceEvents: events,
            otherData: ["exporter": "launchprof", "clock": "microseconds after each launch's start"])
    }

    /// The file as sorted, pretty-printed JSON, ending with a newline.
    package func render(traces: [LaunchTrace], profiles: [MainThreadProfile]) throws -> String {
        String(decoding: try TraceJSON.makeEncoder().encode(file(traces: traces, profiles: profiles)), as: UTF8.self)
            + "\n"
    }

    func events(of trace: LaunchTrace, pid: Int, profile: MainThreadProfile?) -> [ChromeTraceEvent] {
        var events = metadata(of: trace, pid: pid)
        events += mainThreadEvents(of: trace, pid: pid)
        if let activity = trace.mainThread { events += activityEvents(activity, pid: pid, profile: profile) }
        if let profile { events += profileEvents(profile, pid: pid) }
        return events
    }

    private func metadata(of trace: LaunchTrace, pid: Int) -> [ChromeTraceEvent] {
        var events: [ChromeTraceEvent] = [
            ChromeTraceEvent(
                name: "process_name", ph: "M", ts: 0, pid: pid, tid: 0,
                args: ["name": .string("\(trace.app.name) launch \(pid)")]),
            ChromeTraceEvent(
                name: "process_sort_index", ph: "M", ts: 0, pid: pid, tid: 0, args: ["sort_index": .int(Int64(pid))]),
        ]
        for track in ChromeTrack.allCases {
            events.append(
                ChromeTraceEvent(
                    name: "thread_name", ph: "M", ts: 0, pid: pid, tid: track.rawValue,
                    args: ["name": .string(track.title)]))
            events.append(
                ChromeTraceEvent(
                    name: "thread_sort_index", ph: "M", ts: 0, pid: pid, tid: track.rawValue,
                    args: ["sort_index": .int(Int64(track.rawValue))]))
        }
        return events
    }

    /// Phases, spans (nested on the main thread's track, or on their own track when they
    /// overlap), marks and the first frame.
    private func mainThreadEvents(of trace: LaunchTrace, pid: Int) -> [ChromeTraceEvent] {
        var main: [ChromeTraceEvent] = trace.phases.map { record in
            let state = record.threadState
            var args: [String: ChromeTraceValue] = [
                "onCpuMs": .double(Self.ms(state.onCpuNs)), "runnableMs": .double(Self.ms(state.runnableNs)),
                "blockedMs": .double(Self.ms(state.blockedNs)),
            ]
            let counters = [
                ("minorFaults", state.minorFaults), ("majorFaults", state.majorFaults),
                ("voluntarySwitches", state.voluntarySwitches), ("involuntarySwitches", state.involuntarySwitches),
            ]
            for case (let name, let value?) in counters { args[name] = .int(value) }
            return ChromeTraceEvent(
                name: record.phase.rawValue, cat: "phase", ph: "X", ts: Self.us(record.startNs),
                dur: Self.dur(record.startNs, record.durationNs),
                pid: pid, tid: ChromeTrack.mainThread.rawValue, args: args
            )
        }
        var others: [ChromeTraceEvent] = []
        var overlapping: [ChromeTraceEvent] = []
        for span in trace.spans {
            var event = ChromeTraceEvent(
                name: span.name, cat: "span", ph: "X", ts: Self.us(span.startNs),
                dur: Self.dur(span.startNs, span.durationNs),
                pid: pid,
                tid: span.onMainThread ? ChromeTrack.mainThread.rawValue : ChromeTrack.otherThreads.rawValue,
                args: ["phase": .string(span.phase.rawValue), "depth": .int(Int64(span.depth))]
            )
            if !span.onMainThread {
                others.append(event)
            } else if Self.nests(span.startNs, span.endNs, within: trace) {
                main.append(event)
            } else {
                event.tid = ChromeTrack.overlappingSpans.rawValue
                overlapping.append(event)
            }
        }
        var events = others + main + overlapping
        events += trace.marks.map {
            ChromeTraceEvent(
                name: $0.name, cat: "mark", ph: "i", ts: Self.us($0.timeNs), pid: pid,
                tid: ChromeTrack.mainThread.rawValue, s: "t")
        }
        if let firstFrame = trace.totals.timeToFirstFrameNs {
            events.append(
                ChromeTraceEvent(
                    name: "first frame", cat: "mark", ph: "i", ts: Self.us(firstFrame), pid: pid,
                    tid: ChromeTrack.mainThread.rawValue, s: "p"))
        }
        return events
    }

    /// Blocking calls (with their stacks), stalls and stall samples.
    private func activityEvents(_ activity: MainThreadActivity, pid: Int, profile: MainThreadProfile?)
        -> [ChromeTraceEvent]
    {
        var events: [ChromeTraceEvent] = []
        let blockingSamples = profile?.samples.filter { $0.source == .blockingCall } ?? []
        for (index, call) in activity.blockingCalls.enumerated() {
            var args: [String: ChromeTraceValue] = [
                "function": .string(call.function), "kind": .string(call.kind.rawValue),
            ]
            if let resource = call.resource { args["resource"] = .string(resource) }
            if let bytes = call.bytes { args["bytes"] = .int(bytes) }
            if let errno = call.errno { args["errno"] = .int(Int64(errno)) }
            if let phase = call.phase { args["phase"] = .string(phase.rawValue) }
            if let profile, index < blockingSamples.count {
                args["stack"] = .strings(Array(profile.names(of: blockingSamples[index]).dropLast().reversed()))
            }
            events.append(
                ChromeTraceEvent(
                    name: MainThreadProfile.callFrameName(call), cat: "blockingCall", ph: "X",
                    ts: Self.us(call.startNs),
                    dur: Self.dur(call.startNs, call.durationNs), pid: pid, tid: ChromeTrack.blockingCalls.rawValue,
                    args: args
                ))
        }
        for stall in activity.stalls {
            var args: [String: ChromeTraceValue] = ["samples": .int(Int64(stall.samples.count))]
            if let phase = stall.phase { args["phase"] = .string(phase.rawValue) }
            events.append(
                ChromeTraceEvent(
                    name: "stall", cat: "stall", ph: "X", ts: Self.us(stall.startNs),
                    dur: Self.dur(stall.startNs, stall.durationNs),
                    pid: pid, tid: ChromeTrack.stalls.rawValue, args: args
                ))
        }
        guard let profile else { return events }
        for sample in profile.samples where sample.source == .stallSample {
            events.append(
                ChromeTraceEvent(
                    name: "sample", cat: "sample", ph: "i", ts: Self.us(sample.timeNs), pid: pid,
                    tid: ChromeTrack.stalls.rawValue, s: "t",
                    args: ["stack": .strings(Array(profile.names(of: sample).reversed()))]
                ))
        }
        return events
    }

    /// Whether a main-thread interval lies inside one phase and does not cut across other spans.
    static func nests(_ start: Int64, _ end: Int64, within trace: LaunchTrace) -> Bool {
        guard trace.phases.contains(where: { start >= $0.startNs && end <= $0.endNs }) else { return false }
        return !trace.spans.contains { other in
            other.onMainThread && other.startNs < end && start < other.endNs
                && !(other.startNs <= start && end <= other.endNs) && !(start <= other.startNs && other.endNs <= end)
        }
    }

    /// Nanoseconds as whole microseconds, rounded to the nearest (halves up). The rounding never
    /// reverses an order: what ends before something starts still does once both are rounded.
    static func us(_ ns: Int64) -> Int64 {
        var (quotient, remainder) = ns.quotientAndRemainder(dividingBy: 1000)
        if remainder < 0 {
            quotient -= 1
            remainder += 1000
        }
        return remainder >= 500 ? quotient + 1 : quotient
    }

    /// The duration of an event from `startNs` lasting `durationNs`: its rounded end less its
    /// rounded start, so that `ts + dur` is the rounded end.
    static func dur(_ startNs: Int64, _ durationNs: Int64) -> Int64 {
        us(startNs.saturatingAdd(max(0, durationNs))) - us(startNs)
    }
    static func ms(_ ns: Int64) -> Double { (Double(ns) / 1000).rounded() / 1000 }
}
