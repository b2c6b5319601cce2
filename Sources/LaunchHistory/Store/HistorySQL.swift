import Foundation
import LaunchTrace

/// The statements both back ends run, in their dialect's placeholders (`?` or `$n`).
struct HistorySQL {
    /// The dialect.
    let dialect: HistorySchema.Dialect

    /// The placeholder of the `n`th value (from 1).
    func placeholder(_ n: Int) -> String { dialect == .sqlite ? "?" : "$\(n)" }

    /// The columns of `runs` a query reads, in the order ``HistoryRowDecoder`` expects.
    static let runColumns =
        "id, run_key, recorded_at, app, app_version, commit_sha, branch, machine_class, hostname, kernel, scenario, launches, settings, verdicts"

    /// `INSERT` of a run's row, returning its id on PostgreSQL; skips an existing key.
    func insertRun(_ run: HistoryRun) -> (sql: String, values: [HistoryValue]) {
        let values = HistoryRowEncoder.runValues(run)
        let list = (1...values.count).map(placeholder).joined(separator: ", ")
        let columns = Self.runColumns.split(separator: ", ").dropFirst().joined(separator: ", ")
        let returning = dialect == .postgres ? " RETURNING id" : ""
        return ("INSERT INTO runs (\(columns)) VALUES (\(list)) ON CONFLICT (run_key) DO NOTHING\(returning)", values)
    }

    /// One multi-row `INSERT` of `metrics` for run `runID`.
    func insertMetrics(_ metrics: [HistoryMetric], runID: Int) -> (sql: String, values: [HistoryValue]) {
        var values: [HistoryValue] = []
        var rows: [String] = []
        for metric in metrics {
            let row = [HistoryValue.integer(runID)] + HistoryRowEncoder.metricValues(metric)
            rows.append(
                "(" + (values.count + 1...values.count + row.count).map(placeholder).joined(separator: ", ") + ")")
            values += row
        }
        let sql =
            "INSERT INTO metrics (run_id, scenario, metric, count, median, p10, p90, mean, launch_values) VALUES "
            + rows.joined(separator: ", ")
        return (sql, values)
    }

    /// The `runs` rows `filter` selects, oldest first.
    func selectRuns(_ filter: HistoryFilter) -> (sql: String, values: [HistoryValue]) {
        let (whereClause, values) = self.whereClause(filter)
        let newestFirst = "SELECT \(Self.runColumns) FROM runs\(whereClause) ORDER BY recorded_at DESC, id DESC"
        guard let last = filter.lastRuns else {
            return ("SELECT \(Self.runColumns) FROM runs\(whereClause) ORDER BY recorded_at, id", values)
        }
        return ("SELECT * FROM (\(newestFirst) LIMIT \(max(0, last))) newest ORDER BY recorded_at, id", values)
    }

    /// The `metrics` rows of the runs `filter` selects, by run.
    func selectMetrics(_ filter: HistoryFilter) -> (sql: String, values: [HistoryValue]) {
        let runs = selectRuns(filter)
        let values = filter.includeValues ? "launch_values" : "'[]'"
        return (
            "SELECT run_id, scenario, metric, count, median, p10, p90, mean, \(values) FROM metrics WHERE run_id IN (SELECT id FROM (\(runs.sql)) chosen) ORDER BY run_id, scenario, metric",
            runs.values
        )
    }

    /// The series points of the runs `filter` selects, oldest run first, in the order
    /// ``HistorySeriesRow`` reads them.
    func selectSeriesPoints(_ filter: HistoryFilter) -> (sql: String, values: [HistoryValue]) {
        let runs = selectRuns(filter)
        return (
            """
            SELECT chosen.app, chosen.machine_class, metrics.scenario, metrics.metric, chosen.recorded_at, chosen.run_key, \
            chosen.commit_sha, metrics.median, metrics.p10, metrics.p90, metrics.count \
            FROM metrics JOIN (\(runs.sql)) chosen ON chosen.id = metrics.run_id ORDER BY chosen.recorded_at, chosen.id
            """,
            runs.values
        )
    }

    /// `DELETE` of the runs `retention` does not keep (their metrics go with them).
    func prune(_ retention: HistoryRetention) -> (sql: String, values: [HistoryValue]) {
        var conditions: [String] = []
        var values: [HistoryValue] = []
        if let cutoff = retention.cutoff {
            values.append(.text(cutoff))
            conditions.append("recorded_at < \(placeholder(values.count))")
        }
        if let keep = retention.keepRuns {
            values.append(.integer(keep))
            conditions.append(
                """
                id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY app, scenario, machine_class \
                ORDER BY recorded_at DESC, id DESC) AS newest FROM runs) ranked WHERE newest > \(placeholder(values.count)))
                """)
        }
        guard !conditions.isEmpty else { return ("DELETE FROM runs WHERE 1 = 0", []) }
        return ("DELETE FROM runs WHERE " + conditions.joined(separator: " AND "), values)
    }

    /// ` WHERE a = ? AND b = ?` for the filter's fields, or nothing.
    private func whereClause(_ filter: HistoryFilter) -> (String, [HistoryValue]) {
        let conditions = filter.conditions
        guard !conditions.isEmpty else { return ("", []) }
        let terms = conditions.enumerated().map { "\($0.element.column) = \(placeholder($0.offset + 1))" }
        return (" WHERE " + terms.joined(separator: " AND "), conditions.map { .text($0.value) })
    }
}
