import Foundation
import LaunchHistory
import LaunchTrace

/// The OpenMetrics text of the latest run of each series, named as OpenMetrics and Prometheus
/// name metrics: one gauge family per quantity, in its base unit and suffixed with it, with
/// `# TYPE`, `# HELP` and, where there is a unit, `# UNIT`:
///
/// - `launchprof_time_seconds` (unit `seconds`): time metrics, converted from nanoseconds;
/// - `launchprof_size_bytes` (unit `bytes`): size metrics;
/// - `launchprof_events` (no unit): count metrics (page faults, blocking calls, stalls);
/// - `launchprof_share_ratio` (unit `ratio`): shares of the launch, from 0 to 1 (a breakdown
///   reason's, `reason:waitingForCPU.share`);
///
/// each labelled by app, scenario, machine class, metric and statistic (`median`, `p10`, `p90`
/// of the run's launches); `launchprof_launches` (no unit), the launches with a value, per
/// series; and `launchprof_run_timestamp_seconds` with the commit and branch. It ends in
/// `# EOF`. Only gauges, so the Prometheus text format (a Pushgateway) reads it too. A metric
/// whose kind the catalogue does not know (and that is not a phase) is left out.
struct OpenMetricsText {
    /// The runs, oldest first.
    let runs: [HistoryRun]

    /// One family per metric kind: its name, unit, help and how a value in the metric's unit
    /// becomes one in the family's.
    private static let quantities:
        [(kind: MetricKind, name: String, unit: String?, help: String, format: @Sendable (Double) -> String)] = [
            (
                .time, "launchprof_time_seconds", "seconds",
                "Time a launch metric measured, in seconds: the median, 10th and 90th percentile (label statistic) of the launches of the latest run.",
                { seconds(nanoseconds: $0) }
            ),
            (
                .bytes, "launchprof_size_bytes", "bytes",
                "Size a launch metric measured, in bytes: the median, 10th and 90th percentile (label statistic) of the launches of the latest run.",
                { number($0) }
            ),
            (
                .count, "launchprof_events", nil,
                "How many times a launch metric's event happened in a launch: the median, 10th and 90th percentile (label statistic) of the launches of the latest run.",
                { number($0) }
            ),
            (
                .share, "launchprof_share_ratio", "ratio",
                "Share of a launch a reason of its breakdown took, from 0 to 1: the median, 10th and 90th percentile (label statistic) of the launches of the latest run.",
                { number($0) }
            ),
        ]

    /// The statistics of each series, as the `statistic` label names them.
    private static let statistics: [(label: String, value: @Sendable (SeriesPoint) -> Double)] = [
        ("median", { $0.median }), ("p10", { $0.p10 }), ("p90", { $0.p90 }),
    ]

    /// The text.
    var text: String {
        let latest = MetricSeries.all(in: runs).compactMap { series in
            series.points.last.flatMap { point in Self.kind(of: series.key.metric).map { (series.key, point, $0) } }
        }
        var lines: [String] = []
        for quantity in Self.quantities {
            lines += Self.header(quantity.name, unit: quantity.unit, help: quantity.help)
            for (key, point, kind) in latest where kind == quantity.kind {
                for statistic in Self.statistics {
                    let value = quantity.format(statistic.value(point))
                    lines.append("\(quantity.name){\(labels(key)),statistic=\"\(statistic.label)\"} \(value)")
                }
            }
        }
        lines += Self.header(
            "launchprof_launches", unit: nil, help: "Launches with a value of the metric in the latest run.")
        for (key, point, _) in latest {
            lines.append("launchprof_launches{\(labels(key))} \(point.count)")
        }
        lines += runLines()
        return (lines + ["# EOF"]).joined(separator: "\n") + "\n"
    }

    /// The kind of a stored metric (``LaunchHistory/SeriesKey/kind(of:)``).
    static func kind(of metric: String) -> MetricKind? { SeriesKey.kind(of: metric) }

    /// `# TYPE`, `# UNIT` when there is a unit, and `# HELP` of a gauge family.
    private static func header(_ name: String, unit: String?, help: String) -> [String] {
        ["# TYPE \(name) gauge"] + (unit.map { ["# UNIT \(name) \($0)"] } ?? []) + ["# HELP \(name) \(help)"]
    }

    /// The timestamp family: the latest run of each app, scenario and machine class.
    private func runLines() -> [String] {
        var latest: [String: HistoryRun] = [:]
        for run in runs { latest["\(run.app)\u{0}\(run.scenario)\u{0}\(run.machine.machineClass)"] = run }
        let family = "launchprof_run_timestamp_seconds"
        var lines = Self.header(
            family, unit: "seconds", help: "When the latest run was recorded, in seconds since 1970.")
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

    /// Nanoseconds as seconds, to a tenth of a nanosecond and without the binary fraction's
    /// noise: `212298923.3` gives `0.2122989233`, not `0.21229892330000003`.
    static func seconds(nanoseconds: Double) -> String {
        guard nanoseconds.isFinite, abs(nanoseconds) < 1e18 else { return number(nanoseconds / 1e9) }
        var text = String(format: "%.10f", nanoseconds / 1e9)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A number as OpenMetrics writes it.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
