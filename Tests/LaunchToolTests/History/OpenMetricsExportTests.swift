import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `history export --format openmetrics` read by its real consumers: the Prometheus Python
/// client's OpenMetrics parser and `promtool check metrics` (Prometheus' own parser and linter).
@Suite("OpenMetrics export read by its real consumers")
struct OpenMetricsExportTests {
    /// Where promtool is, when it is installed (`.ci/run` installs it).
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A metric of each kind: a time, a program's own phase (a time), a size, two counts and a
    /// breakdown reason's share of the launch.
    static let metrics: [(name: String, kind: MetricKind, values: [Double])] = [
        ("timeToFirstFrame", .time, [212_400_117, 208_000_001, 230_999_999, 219_500_000, 209_100_050]),
        ("database", .time, [1_500_321, 1_490_000, 1_700_004]),
        ("peakMemory", .bytes, [41_943_040, 42_991_616, 41_000_000]),
        ("majorFaults", .count, [3, 0, 7, 1]),
        ("blockingCalls.fileIO", .count, [12, 12, 13]),
        ("reason:waitingForCPU.share", .share, [0.125, 0.5, 0.25]),
    ]

    /// Two runs of two apps (the newer run of SampleApp is the one exported).
    static func runs() -> [HistoryRun] {
        [("SampleApp", 1), ("Sample \"App\"\\", 2), ("SampleApp", 3)].map { app, night in
            HistoryRun(
                key: "\(app)-\(night)", recordedAt: HistoryFixtures.timestamp(night), app: app, appVersion: "1.0",
                revision: SourceRevision(commit: "c\(night)", branch: "main"),
                machine: MachineFingerprint(machineClass: "m1", hostname: "host", kernel: "6.1"), scenario: "warm",
                launches: 5, settings: [:],
                metrics: metrics.map { metric in
                    HistoryMetric(
                        scenario: "warm", metric: metric.name, values: metric.values.map { $0 + Double(night) })
                }, verdicts: [])
        }
    }

    /// The family each kind goes to, with its unit, and how a stored value becomes the family's.
    static func family(of kind: MetricKind) -> (name: String, unit: String, scale: Double) {
        switch kind {
        case .time: ("launchprof_time_seconds", "seconds", 1e9)
        case .bytes: ("launchprof_size_bytes", "bytes", 1)
        case .count: ("launchprof_events", "", 1)
        case .share: ("launchprof_share_ratio", "ratio", 1)
        }
    }

    @Test("the Prometheus client's OpenMetrics parser reads one family per quantity, in its base unit")
    func prometheusClientParses() throws {
        let runs = Self.runs()
        let text = HistoryExport.render(runs, as: .openmetrics)
        let script = """
            import sys, json
            from prometheus_client.openmetrics.parser import text_string_to_metric_families
            families = list(text_string_to_metric_families(sys.stdin.read()))
            print(json.dumps([{"name": f.name, "type": f.type, "unit": f.unit, "help": f.documentation,
                               "samples": [[s.name, s.labels, s.value] for s in f.samples]} for f in families]))
            """
        let parsed = try Python.run(script, [], input: text)
        try #require(parsed.status == 0, "\(parsed.stderr)\n\(text)")
        let families = try #require(
            try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: families.map { ($0["name"] as? String ?? "", $0) })
        #expect(byName["launchprof_median"] == nil, "no family mixes units")
        for family in families {
            let name = family["name"] as? String ?? ""
            #expect(family["type"] as? String == "gauge", "\(name)")
            #expect(!(family["help"] as? String ?? "").isEmpty, "\(name) has a HELP")
            let unit = family["unit"] as? String ?? ""
            #expect(unit.isEmpty || name.hasSuffix("_" + unit), "\(name): unit \(unit)")
        }
        let latest = try #require(runs.last)
        for metric in latest.metrics {
            let kind = try #require(Self.metrics.first { $0.name == metric.metric }?.kind)
            let expected = Self.family(of: kind)
            let family = try #require(byName[expected.name], "\(expected.name) for \(metric.metric)")
            #expect(family["unit"] as? String == expected.unit)
            let samples = (family["samples"] as? [[Any]] ?? []).filter {
                ($0[1] as? [String: String])?["metric"] == metric.metric
                    && ($0[1] as? [String: String])?["app"] == latest.app
            }
            let values = Dictionary(
                samples.map { (($0[1] as? [String: String])?["statistic"] ?? "", $0[2] as? Double ?? .nan) },
                uniquingKeysWith: { first, _ in first })
            for (statistic, stored) in [("median", metric.median), ("p10", metric.p10), ("p90", metric.p90)] {
                let value = try #require(values[statistic], "\(metric.metric) \(statistic)")
                // Seconds are written to a tenth of a nanosecond.
                #expect(abs(value - stored / expected.scale) <= (kind == .time ? 0.5e-10 : 0) + 1e-12 * abs(value))
            }
            let others = families.filter { ($0["name"] as? String) != expected.name }.flatMap {
                ($0["samples"] as? [[Any]] ?? []).filter {
                    ($0[1] as? [String: String])?["metric"] == metric.metric
                        && ($0[0] as? String) != "launchprof_launches"
                }
            }
            #expect(others.isEmpty, "\(metric.metric) is in one family only")
        }
    }

    @Test("every family has # TYPE and # HELP, and # UNIT when it has a unit, before its samples")
    func metadata() {
        let text = HistoryExport.render(Self.runs(), as: .openmetrics)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.last == "# EOF")
        let names = Set(lines.filter { !$0.hasPrefix("#") }.map { String($0.prefix { $0 != "{" && $0 != " " }) })
        #expect(names.count >= 5)
        for name in names {
            let type = lines.firstIndex(of: "# TYPE \(name) gauge")
            let help = lines.firstIndex { $0.hasPrefix("# HELP \(name) ") }
            let unit = lines.firstIndex { $0.hasPrefix("# UNIT \(name) ") }
            let firstSample = lines.firstIndex { $0.hasPrefix("\(name){") }
            #expect(type != nil && help != nil, "\(name)")
            let suffix = ["seconds", "bytes", "ratio"].first { name.hasSuffix("_\($0)") }
            #expect((unit != nil) == (suffix != nil), "\(name): # UNIT exactly when the name ends in a unit")
            if let suffix, let unit { #expect(lines[unit] == "# UNIT \(name) \(suffix)") }
            for index in [type, help, unit].compactMap(\.self) { #expect(index < (firstSample ?? .max)) }
        }
    }

    @Test(
        "promtool check metrics accepts it with no lint problem",
        .enabled(if: promtool != nil, "promtool is not installed"))
    func promtoolAccepts() throws {
        let text = HistoryExport.render(Self.runs(), as: .openmetrics)
        let process = Process()
        process.executableURL = URL(filePath: try #require(Self.promtool))
        process.arguments = ["check", "metrics"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)\n\(text)")
        #expect(said.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(said)")
    }
}
