import Foundation
import LaunchTrace

extension PostgresHistoryStore {
    /// Creates or upgrades the tables under an advisory lock; refuses a newer schema.
    func migrate() throws(LaunchProfilerError) {
        let location = self.location
        try transaction { session in
            try session.execute("SELECT pg_advisory_xact_lock(\(Self.migrationLock))")
            try session.execute("CREATE TABLE IF NOT EXISTS history_schema (version INTEGER NOT NULL)")
            let found = try Self.integer(
                session.execute("SELECT COALESCE(MAX(version), 0) FROM history_schema").values.first?.first ?? nil)
            guard found <= HistorySchema.current else {
                throw LaunchProfilerError.historySchemaTooNew(location, found: found, supported: HistorySchema.current)
            }
            for version in stride(from: found + 1, through: HistorySchema.current, by: 1) {
                for statement in HistorySchema.migration(to: version, dialect: .postgres) {
                    try session.execute(statement)
                }
                try session.execute("INSERT INTO history_schema (version) VALUES ($1)", [.integer(version)])
            }
        }
    }

    /// Records `run` in one transaction.
    @discardableResult
    package func record(_ run: HistoryRun) throws(LaunchProfilerError) -> Bool {
        let sql = self.sql
        return try transaction { session in
            let insert = sql.insertRun(run)
            guard let row = try session.execute(insert.sql, insert.values).values.first else { return false }
            let runID = try Self.integer(row[0])
            for chunk in stride(from: 0, to: run.metrics.count, by: 500) {
                let metrics = sql.insertMetrics(
                    Array(run.metrics[chunk..<min(chunk + 500, run.metrics.count)]), runID: runID)
                try session.execute(metrics.sql, metrics.values)
            }
            return true
        }
    }

    /// The runs `filter` selects, oldest first, with their metrics.
    package func runs(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [HistoryRun] {
        let sql = self.sql
        let (runRows, metricRows) = try transaction { session in
            let runs = sql.selectRuns(filter)
            let metrics = sql.selectMetrics(filter)
            return (
                try session.execute(runs.sql, runs.values).values.map(Self.runRow),
                try session.execute(metrics.sql, metrics.values).values.map(Self.metricRow)
            )
        }
        return try HistoryRowEncoder.runs(runRows, metrics: metricRows, location: location)
    }

    /// Every metric's series over the runs `filter` selects, by one query.
    package func series(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [MetricSeries] {
        let query = sql.selectSeriesPoints(filter)
        let rows = try transaction { session in try session.execute(query.sql, query.values).values.map(Self.seriesRow)
        }
        return HistorySeriesRow.series(rows)
    }

    /// A row of ``HistorySQL/selectSeriesPoints(_:)``.
    static func seriesRow(_ row: [String?]) throws -> HistorySeriesRow {
        HistorySeriesRow(
            key: SeriesKey(
                app: try text(row[0]), scenario: try text(row[2]), machineClass: try text(row[1]),
                metric: try text(row[3])),
            point: SeriesPoint(
                recordedAt: try text(row[4]), runKey: try text(row[5]), commit: row[6], median: try real(row[7]),
                p10: try real(row[8]), p90: try real(row[9]), count: try integer(row[10])
            )
        )
    }

    /// Deletes what `retention` does not keep.
    @discardableResult
    package func prune(_ retention: HistoryRetention) throws(LaunchProfilerError) -> Int {
        let statement = sql.prune(retention)
        return try transaction { session in try session.execute(statement.sql, statement.values).changed }
    }

    /// The recorded schema version.
    package func schemaVersion() throws(LaunchProfilerError) -> Int {
        try transaction { session in
            try Self.integer(
                session.execute("SELECT COALESCE(MAX(version), 0) FROM history_schema").values.first?.first ?? nil)
        }
    }

    /// A `runs` row in ``HistorySQL/runColumns`` order.
    static func runRow(_ row: [String?]) throws -> HistoryRunRow {
        HistoryRunRow(
            id: try integer(row[0]), key: try text(row[1]), recordedAt: try text(row[2]), app: try text(row[3]),
            appVersion: row[4],
            commit: row[5], branch: row[6], machineClass: try text(row[7]), hostname: try text(row[8]),
            kernel: try text(row[9]),
            scenario: try text(row[10]), launches: try integer(row[11]), settings: try text(row[12]),
            verdicts: try text(row[13])
        )
    }

    /// A `metrics` row.
    static func metricRow(_ row: [String?]) throws -> HistoryMetricRow {
        HistoryMetricRow(
            runID: try integer(row[0]), scenario: try text(row[1]), metric: try text(row[2]),
            count: try integer(row[3]),
            median: try real(row[4]), p10: try real(row[5]), p90: try real(row[6]), mean: try real(row[7]),
            values: try text(row[8])
        )
    }

    /// A NOT NULL text cell.
    static func text(_ cell: String?) throws -> String {
        guard let cell else { throw PostgresSession.Failure(message: "a stored value is unexpectedly NULL.") }
        return cell
    }

    /// An integer cell.
    static func integer(_ cell: String?) throws -> Int {
        guard let value = Int(try text(cell)) else {
            throw PostgresSession.Failure(message: "the stored value \"\(cell ?? "")\" is not an integer.")
        }
        return value
    }

    /// A floating-point cell.
    static func real(_ cell: String?) throws -> Double {
        guard let value = Double(try text(cell)) else {
            throw PostgresSession.Failure(message: "the stored value \"\(cell ?? "")\" is not a number.")
        }
        return value
    }
}
