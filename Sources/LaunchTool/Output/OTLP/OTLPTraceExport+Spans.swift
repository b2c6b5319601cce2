import Foundation
import LaunchTrace

extension OTLPTraceExport {
    /// One launch: its root span, a span per phase, a span per app span, findings as events.
    func launchSpans(_ trace: LaunchTrace, number: Int) -> [OTLPJSON.Span] {
        var ids = SpanIDs(seed: UInt64(bitPattern: trace.clock.launchStartNs) &+ UInt64(number))
        let traceID = ids.traceID()
        let rootID = ids.spanID()
        let end = trace.ending.atNs
        var spans = [
            span(
                trace, traceID, rootID, parent: nil, name: "launch \(trace.runIndex ?? number)", from: 0, to: end,
                attributes: [.init("launchprof.ending", trace.ending.reason.rawValue)])
        ]
        var phaseIDs: [PhaseName: String] = [:]
        for phase in trace.phases {
            let id = ids.spanID()
            phaseIDs[phase.phase] = id
            var phaseSpan = span(
                trace, traceID, id, parent: rootID, name: phase.phase.rawValue, from: phase.startNs, to: phase.endNs,
                attributes: [.init("launchprof.phase", phase.phase.rawValue)])
            phaseSpan.events = findingEvents(in: phase, trace: trace)
            spans.append(phaseSpan)
        }
        for appSpan in trace.spans {
            spans.append(
                span(
                    trace, traceID, ids.spanID(), parent: phaseIDs[appSpan.phase] ?? rootID, name: appSpan.name,
                    from: appSpan.startNs, to: appSpan.endNs, attributes: [.init("launchprof.span", appSpan.name)]))
        }
        return spans
    }

    private func span(
        _ trace: LaunchTrace, _ traceID: String, _ id: String, parent: String?, name: String, from start: Int64,
        to end: Int64, attributes: [OTLPJSON.KeyValue]
    ) -> OTLPJSON.Span {
        OTLPJSON.Span(
            traceId: traceID, spanId: id, parentSpanId: parent, name: name, startTimeUnixNano: unix(trace, start),
            endTimeUnixNano: unix(trace, max(start, end)), attributes: attributes, events: [])
    }

    /// The run's findings that cost this phase, at its start: where the time went, and the advice.
    private func findingEvents(in phase: PhaseRecord, trace: LaunchTrace) -> [OTLPJSON.Event] {
        let findings = (summary.findings?.findings ?? []).filter {
            $0.site.phase == phase.phase && $0.scenario == trace.scenario.rawValue
        }
        return findings.map { finding in
            OTLPJSON.Event(
                timeUnixNano: unix(trace, phase.startNs), name: "finding: \(finding.site.function)",
                attributes: [
                    .init("launchprof.finding.kind", finding.site.kind.rawValue),
                    .init("launchprof.finding.median_cost_ns", int: Int64(finding.medianCostNs)),
                    .init("launchprof.finding.advice", finding.advice.summary),
                ])
        }
    }

    private func unix(_ trace: LaunchTrace, _ offset: Int64) -> String {
        String(trace.clock.launchStartNs &+ offset &+ realtimeOffsetNs)
    }
}

/// Trace and span ids for one launch, from a seed (the launch's start), so that an export of
/// the same run gives the same ids: OTLP's 16-byte trace id and 8-byte span ids in hex.
struct SpanIDs {
    private var state: UInt64

    init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    mutating func traceID() -> String { Self.hex(next() | 1) + Self.hex(next()) }

    mutating func spanID() -> String { Self.hex(next() | 1) }
}
