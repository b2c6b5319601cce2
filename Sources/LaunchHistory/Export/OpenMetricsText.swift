import Foundation

/// The OpenMetrics text of the latest run of each series: gauges `launchprof_median`,
/// `launchprof_p10`, `launchprof_p90`, `launchprof_launches` labelled by app, scenario,
/// machine class and metric, and `launchprof_run_timestamp_seconds` with the commit and branch,
/// ending in `# EOF`. Only gauges, so the Prometheus text format (a Pushgateway) reads it too.
struct OpenMetricsText {
    /// The runs, oldest first.
    let runs: [HistoryRun]

    /// The families, in order.
    private static let families: [(name: String, help: String, value: @Sendable (SeriesPoint) -> Double)] = [
        ("launchprof_median", "Median of the launches of the latest run, in the metric's unit.", { $0.median }),
        ("launchprof_p10", "10th percentile of the launches of the latest run.", { $0.p10 }),
        ("launchprof_p90", "90th percentile of the launches of the latest run.", { $0.p90 }),
        ("launchprof_launches", "Launches with a value in the latest run.", { Double($0.count) }),
    ]

    /// The text.
    var text: String {
        let latest = MetricSeries.all(in: runs).compactMap { series in series.points.last.map { (series.key, $0) } }
        var lines: [String] = []
        for family in Self.families {
            lines += ["# TYPE \(family.name) gauge", "# HELP \(family.name) \(family.help)"]
            for (key, point) in latest {
                lines.append("\(family.name){\(labels(key))} \(Self.number(family.value(point)))")
            }
        }
        lines += runLines()
        return (lines + ["# EOF"]).joined(separator: "\n") + "\n"
    }

    /// The timestamp family: the latest run of each app, scenario and machine class.
    private func runLines() -> [String] {
        var latest: [String: HistoryRun] = [:]
        for run in runs { latest["\(run.app)\u{0}\(run.scenario)\u{0}\(run.machine.machineClass)"] = run }
        let family = "launchprof_run_timestamp_seconds"
        var lines = [
            "# TYPE \(family) gauge", "# UNIT \(family) seconds", "# HELP \(family) When the latest run was recorded.",
        ]
        for key in latest.keys.sorted() {
            let run = latest[key]!
            let labels = [
                ("app", run.app), ("scenario", run.scenario), ("machine_class", run.machine.machineClass),
                ("commit", run.revision.commit ?? ""), ("branch", run.revision.branch ?? ""),
            ]
            let seconds =
                (try? Date(run.recordedAt, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))?
                .timeIntervalSince1970 ?? 0
            lines.append(
                "\(family){\(labels.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ","))} \(Self.number(seconds))"
            )
        }
        return lines
    }

    /// The series' labels.
    private func labels(_ key: SeriesKey) -> String {
        [("app", key.app), ("scenario", key.scenario), ("machine_class", key.machineClass), ("metric", key.metric)]
            .map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",")
    }

    /// A label value with `\`, `"` and line feeds escaped.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A number as OpenMetrics writes it.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
