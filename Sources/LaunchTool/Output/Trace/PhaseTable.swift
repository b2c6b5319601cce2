import Foundation
import LaunchTrace

/// The phases of one launch as an aligned text table: start, duration and what the main
/// thread did (on-CPU, waiting for a CPU, blocked), followed by the totals.
///
/// ```swift
/// print(PhaseTable(trace: trace).render())
/// ```
package struct PhaseTable: Sendable {
    /// The launch to show.
    package var trace: LaunchTrace

    /// Creates a table for `trace`.
    package init(trace: LaunchTrace) {
        self.trace = trace
    }

    /// The totals, the profiler's time and the peak memory, one line each. Time to ready is
    /// shown when the launch has one (a program that is not a LaunchKit app).
    static func totalLines(_ trace: LaunchTrace) -> String {
        var totals: [(String, Int64?)] = [
            ("time to first frame", trace.totals.timeToFirstFrameNs),
            ("time to active", trace.totals.timeToActiveNs),
            ("time to full display", trace.totals.timeToFullDisplayNs),
        ]
        if let window = trace.totals.timeToFirstWindowNs { totals.insert(("time to first window", window), at: 0) }
        if let screen = trace.totals.timeToLaunchScreenNs { totals.insert(("time to launch screen", screen), at: 0) }
        if let ready = trace.totals.timeToReadyNs { totals.insert(("time to ready", ready), at: 0) }
        totals.append(("profiler main-thread time", trace.profiler.mainThreadNs))
        var out = ""
        for (label, value) in totals {
            out +=
                label.padding(toLength: 26, withPad: " ", startingAt: 0)
                + (value.map { Self.ms($0) + " ms" } ?? "not reached") + "\n"
        }
        return out + "peak resident memory".padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%.1f MB", Double(trace.memory.peakResidentBytes) / 1e6) + "\n"
    }

    /// The table as text, one line per phase, ending in a newline; then the totals, the main
    /// thread's blocking calls, the whole-launch profile and the spans.
    package func render(attribution: LaunchAttribution? = nil) -> String {
        var out = "\(trace.app.name)  pid \(trace.pid)  scenario \(trace.scenario)  interface \(trace.app.interface)\n"
        out += phaseTable() + "\n" + Self.totalLines(trace)
        if let activity = trace.mainThread { out += mainThread(activity) }
        if let profile = trace.profile { out += Self.profileLine(profile) + "\n" }
        if let attribution,
            let line = FindingsSection.attributionLine(
                attribution, endpoint: LaunchEndpoint(interface: trace.app.interface))
        {
            out += line + "\n"
        }
        if !trace.spans.isEmpty {
            out += "\nspans:\n"
            for span in trace.spans {
                out +=
                    String(repeating: "  ", count: span.depth + 1)
                    + "\(span.name)  \(Self.ms(span.durationNs)) ms  (\(span.phase.rawValue))\n"
            }
        }
        return out
    }

    private func phaseTable() -> String {
        var rows: [[String]] = [
            [
                "phase", "start ms", "duration ms", "on-CPU ms", "runnable ms", "blocked ms", "faults min/maj",
                "switches vol/invol",
            ]
        ]
        for record in trace.phases {
            let state = record.threadState
            var name = record.phase.rawValue
            if record.phase == .binaryLoad, trace.clock.binaryLoadIsLowResolution { name += " (~10 ms resolution)" }
            // A measurement launch reads no thread state: its columns say so, not zero.
            let measured = trace.profiler.ran(.threadState)
            rows.append(
                [name, Self.ms(record.startNs), Self.ms(record.durationNs)]
                    + (measured
                        ? [
                            Self.ms(state.onCpuNs), Self.ms(state.runnableNs), Self.ms(state.blockedNs),
                            Self.pair(state.minorFaults, state.majorFaults),
                            Self.pair(state.voluntarySwitches, state.involuntarySwitches),
                        ] : Array(repeating: "-", count: 5)))
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            out += cells.joined(separator: "  ") + "\n"
            if index == 0 { out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return out
    }

    private func mainThread(_ activity: MainThreadActivity) -> String {
        let blocked = activity.blockingCalls.reduce(Int64(0)) { $0 + $1.durationNs }
        let longest = activity.stalls.map(\.durationNs).max()
        var line =
            "main thread: \(activity.blockingCalls.count) blocking call\(activity.blockingCalls.count == 1 ? "" : "s")"
        if let tracer = activity.tracer {
            line += " over \(Self.ms(tracer.thresholdNs)) ms (\(Self.ms(blocked)) ms in all)"
        } else {
            line += " (tracer not loaded)"
        }
        line += ", \(activity.stalls.count) stall\(activity.stalls.count == 1 ? "" : "s")"
        if let longest { line += " (longest \(Self.ms(longest)) ms)" }
        line +=
            ", sampler \(activity.sampler.method.rawValue): \(activity.sampler.samplesTaken) samples, \(activity.sampler.signalsSent) signals"
        var out = line + "\n"
        for call in activity.blockingCalls {
            let phase = call.phase.map { "  (\($0.rawValue))" } ?? ""
            out +=
                "  \(call.function)(\(call.resource ?? ""))  \(call.kind.rawValue)  \(Self.ms(call.durationNs)) ms\(phase)\n"
        }
        let short = activity.shortCalls ?? []
        if !short.isEmpty {
            let count = short.reduce(0) { $0 + $1.count }
            let time = short.reduce(Int64(0)) { $0 + $1.totalNs }
            out += "  and \(count) shorter calls from \(short.count) call sites, \(Self.ms(time)) ms in all\n"
        }
        return out
    }

    /// Which whole-launch profile ran, what it saw, and why another stood in when it did.
    static func profileLine(_ profile: LaunchProfile) -> String {
        guard profile.source == .perf else {
            return "whole-launch profile: \(profile.source.rawValue)" + (profile.fallbackReason.map { "; \($0)" } ?? "")
        }
        let rate = profile.samplePeriodNs > 0 ? 1_000_000_000 / profile.samplePeriodNs : 0
        return "whole-launch profile: perf events, \(rate) Hz, \(profile.samples.count) spans "
            + "(on-CPU \(ms(profile.totalNs(.onCPU))) ms, blocked \(ms(profile.totalNs(.blocked))) ms, "
            + "runnable \(ms(profile.totalNs(.runnable))) ms), off-CPU stacks \(profile.offCPUStacks ? "yes" : "no"), 0 signals"
            + (profile.lostRecords > 0 ? ", \(profile.lostRecords) records lost" : "")
    }

    /// Two counters as `a/b`, a counter nothing counted as `-`.
    static func pair(_ first: Int64?, _ second: Int64?) -> String {
        "\(first.map(String.init) ?? "-")/\(second.map(String.init) ?? "-")"
    }

    static func ms(_ ns: Int64) -> String {
        String(format: "%.3f", Double(ns) / 1e6)
    }
}
