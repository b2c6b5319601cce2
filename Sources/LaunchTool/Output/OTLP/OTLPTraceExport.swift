import Foundation
import LaunchTrace

/// Each launch of a run as an OpenTelemetry trace in OTLP/JSON (what an OTLP/HTTP collector
/// takes at `/v1/traces`: Jaeger, Tempo, the OpenTelemetry Collector): a root span per launch,
/// its phases as child spans and the app's spans below the phase they began in, the run's
/// main-thread findings as events of the phase they cost, and the program and machine as the
/// resource. Times become Unix time by the offset between the monotonic and real-time clocks
/// when the export is made (a launch's clock is monotonic), so export on the machine that ran it.
///
/// ```swift
/// let json = try OTLPTraceExport(summary: summary, traces: traces).render()
/// // curl -H 'Content-Type: application/json' --data-binary @launches.otlp.json http://collector:4318/v1/traces
/// ```
package struct OTLPTraceExport: Sendable {
    /// The run.
    package var summary: RunSummary
    /// Its completed launches.
    package var traces: [LaunchTrace]
    /// Unix time minus monotonic time, in nanoseconds.
    package var realtimeOffsetNs: Int64

    /// Creates the export, with the clocks' offset read now.
    package init(
        summary: RunSummary, traces: [LaunchTrace], realtimeOffsetNs: Int64 = OTLPTraceExport.currentOffsetNs()
    ) {
        self.summary = summary
        self.traces = traces
        self.realtimeOffsetNs = realtimeOffsetNs
    }

    /// Real-time minus monotonic clock now, in nanoseconds.
    package static func currentOffsetNs() -> Int64 {
        var real = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_REALTIME, &real)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return (Int64(real.tv_sec) - Int64(monotonic.tv_sec)) * 1_000_000_000 + Int64(real.tv_nsec)
            - Int64(monotonic.tv_nsec)
    }

    /// The OTLP/JSON request, sorted keys, ending with a newline.
    package func render() throws -> String {
        let spans = traces.enumerated().flatMap { position, trace in launchSpans(trace, number: position + 1) }
        let request = OTLPJSON.Request(resourceSpans: [
            OTLPJSON.ResourceSpans(
                resource: OTLPJSON.Resource(attributes: resourceAttributes()),
                scopeSpans: [
                    OTLPJSON.ScopeSpans(
                        scope: .init(name: "launchprof", version: ProfilerInfo.toolVersion), spans: spans)
                ])
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(request), as: UTF8.self) + "\n"
    }

    private func resourceAttributes() -> [OTLPJSON.KeyValue] {
        var attributes = [
            OTLPJSON.KeyValue("service.name", summary.run.displayName),
            OTLPJSON.KeyValue("process.executable.path", summary.run.appPath),
            OTLPJSON.KeyValue("launchprof.scenario", summary.run.scenario.rawValue),
        ]
        if let machine = summary.run.machine {
            attributes += [
                OTLPJSON.KeyValue("host.name", machine.hostname),
                OTLPJSON.KeyValue("host.cpu.model.name", machine.cpuModel),
                OTLPJSON.KeyValue("os.type", "linux"), OTLPJSON.KeyValue("os.version", machine.kernel),
            ]
        }
        return attributes
    }
}
