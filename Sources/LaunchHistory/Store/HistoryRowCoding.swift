import Foundation
import LaunchTrace

/// A run's row as both back ends read it, before its metrics are attached.
struct HistoryRunRow: Sendable {
    var id: Int
    var key: String
    var recordedAt: String
    var app: String
    var appVersion: String?
    var commit: String?
    var branch: String?
    var machineClass: String
    var hostname: String
    var kernel: String
    var scenario: String
    var launches: Int
    var settings: String
    var verdicts: String
}

/// A metric's row as both back ends read it.
struct HistoryMetricRow: Sendable {
    var runID: Int
    var scenario: String
    var metric: String
    var count: Int
    var median: Double
    var p10: Double
    var p90: Double
    var mean: Double
    var values: String
}

/// Runs and metrics to and from the columns of ``HistorySchema``.
enum HistoryRowEncoder {
    /// The `runs` columns but `id`, in ``HistorySQL/runColumns`` order.
    static func runValues(_ run: HistoryRun) -> [HistoryValue] {
        [
            .text(run.key), .text(run.recordedAt), .text(run.app), .text(run.appVersion), .text(run.revision.commit),
            .text(run.revision.branch), .text(run.machine.machineClass), .text(run.machine.hostname),
            .text(run.machine.kernel),
            .text(run.scenario), .integer(run.launches), .text(json(run.settings)), .text(json(run.verdicts)),
        ]
    }

    /// The `metrics` columns but `run_id`.
    static func metricValues(_ metric: HistoryMetric) -> [HistoryValue] {
        [
            .text(metric.scenario), .text(metric.metric), .integer(metric.count), .real(metric.median),
            .real(metric.p10), .real(metric.p90), .real(metric.mean), .text(json(metric.values)),
        ]
    }

    /// The runs of `rows` with their metrics from `metricRows`, in the order of `rows`.
    static func runs(_ rows: [HistoryRunRow], metrics metricRows: [HistoryMetricRow], location: String)
        throws(LaunchProfilerError) -> [HistoryRun]
    {
        var metrics: [Int: [HistoryMetric]] = [:]
        for row in metricRows {
            let values: [Double] = try decode(row.values, location: location)
            metrics[row.runID, default: []].append(
                HistoryMetric(
                    scenario: row.scenario, metric: row.metric, count: row.count, median: row.median,
                    p10: row.p10, p90: row.p90, mean: row.mean, values: values
                ))
        }
        return try rows.map { row throws(LaunchProfilerError) in
            HistoryRun(
                key: row.key, recordedAt: row.recordedAt, app: row.app, appVersion: row.appVersion,
                revision: SourceRevision(commit: row.commit, branch: row.branch),
                machine: MachineFingerprint(machineClass: row.machineClass, hostname: row.hostname, kernel: row.kernel),
                scenario: row.scenario, launches: row.launches, settings: try decode(row.settings, location: location),
                metrics: metrics[row.id] ?? [], verdicts: try decode(row.verdicts, location: location)
            )
        }
    }

    /// Compact JSON with sorted keys.
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    /// A JSON column's value.
    static func decode<T: Decodable>(_ text: String, location: String) throws(LaunchProfilerError) -> T {
        if text == "[]", let empty = [Double]() as? T { return empty }
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw .historyQueryFailed(
                location, reason: "a stored JSON column is not valid (\(error.localizedDescription)).")
        }
    }
}
