import Foundation
import LaunchHistory
import LaunchTrace

/// `history export`: the runs as JSON (schema `schemas/history-export.schema.json`), CSV (one
/// row per run and metric) or OpenMetrics text (the latest run of each series, for a
/// Prometheus Pushgateway or a CI metrics report).
package enum HistoryExportFormat: String, Sendable, CaseIterable {
    /// Every run with every launch's values.
    case json
    /// One row per run, scenario and metric.
    case csv
    /// Gauges of the latest run of each series.
    case openmetrics
}

/// The JSON export's document.
package struct HistoryExport: Codable, Sendable, Equatable {
    /// The export's schema version.
    package static let currentSchemaVersion = 1

    /// ``currentSchemaVersion`` when written.
    package var schemaVersion: Int
    /// The runs, oldest first.
    package var runs: [HistoryRun]

    /// Creates an export of `runs`.
    package init(runs: [HistoryRun]) {
        schemaVersion = Self.currentSchemaVersion
        self.runs = runs
    }

    /// `runs` in `format`.
    package static func render(_ runs: [HistoryRun], as format: HistoryExportFormat) -> String {
        switch format {
        case .json: json(runs)
        case .csv: csv(runs)
        case .openmetrics: OpenMetricsText(runs: runs).text
        }
    }

    /// Sorted, pretty JSON, with its `$schema`.
    static func json(_ runs: [HistoryRun]) -> String {
        let data = try? TraceJSON.encode(HistoryExport(runs: runs), schema: .historyExport)
        return String(decoding: data ?? Data(), as: UTF8.self) + "\n"
    }

    /// The CSV columns.
    static let csvHeader = [
        "recorded_at", "run_key", "app", "app_version", "commit", "branch", "machine_class", "hostname", "scenario",
        "metric", "count", "median", "p10", "p90", "mean",
    ]

    /// RFC 4180 CSV.
    static func csv(_ runs: [HistoryRun]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for run in runs {
            for metric in run.metrics {
                let fields = [
                    run.recordedAt, run.key, run.app, run.appVersion ?? "", run.revision.commit ?? "",
                    run.revision.branch ?? "",
                    run.machine.machineClass, run.machine.hostname, metric.scenario, metric.metric, "\(metric.count)",
                    "\(metric.median)", "\(metric.p10)", "\(metric.p90)", "\(metric.mean)",
                ]
                lines.append(fields.map(csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A field, quoted when it holds a comma, quote or line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
