import Foundation
import GRDB
import LaunchTrace

extension SQLiteHistoryStore {
    /// Creates or upgrades the tables; refuses a newer schema.
    func migrate() throws(LaunchProfilerError) {
        let location = self.location
        try write { db in
            let kind = try SQLiteIdentity.kind(of: db)
            try SQLiteIdentity.check(kind, path: location)
            if kind != .history { try db.execute(sql: "PRAGMA application_id = \(SQLiteIdentity.applicationID)") }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS history_schema (version INTEGER NOT NULL)")
            let found = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM history_schema") ?? 0
            guard found <= HistorySchema.current else {
                throw LaunchProfilerError.historySchemaTooNew(location, found: found, supported: HistorySchema.current)
            }
            for version in stride(from: found + 1, through: HistorySchema.current, by: 1) {
                for statement in HistorySchema.migration(to: version, dialect: .sqlite) {
                    try db.execute(sql: statement)
                }
                try db.execute(sql: "INSERT INTO history_schema (version) VALUES (?)", arguments: [version])
            }
        }
    }

    /// Refuses a schema newer than this version reads, without writing (a read-only store).
    func checkSchema() throws(LaunchProfilerError) {
        let location = self.location
        let found: Int
        do {
            found = try pool.read { db in
                try SQLiteIdentity.check(try SQLiteIdentity.kind(of: db), path: location)
                guard try db.tableExists("history_schema") else { return 0 }
                return try Int.fetchOne(db, sql: "SELECT MAX(version) FROM history_schema") ?? 0
            }
        } catch {
            throw Self.mapped(error, path: location)
        }
        guard found <= HistorySchema.current else {
            throw LaunchProfilerError.historySchemaTooNew(location, found: found, supported: HistorySchema.current)
        }
    }

    /// Records `run` in one transaction.
    @discardableResult
    package func record(_ run: HistoryRun) throws(LaunchProfilerError) -> Bool {
        let sql = self.sql
        return try write { db in
            let insert = sql.insertRun(run)
            try db.execute(sql: insert.sql, arguments: Self.arguments(insert.values))
            guard db.changesCount == 1 else { return false }
            let runID = Int(db.lastInsertedRowID)
            for chunk in stride(from: 0, to: run.metrics.count, by: 100) {
                let metrics = sql.insertMetrics(
                    Array(run.metrics[chunk..<min(chunk + 100, run.metrics.count)]), runID: runID)
                try db.execute(sql: metrics.sql, arguments: Self.arguments(metrics.values))
            }
            return true
        }
    }

    /// The runs `filter` selects, oldest first, with their metrics.
    package func runs(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [HistoryRun] {
        let sql = self.sql
        let (runRows, metricRows) = try read { db in
            let runs = sql.selectRuns(filter)
            let metrics = sql.selectMetrics(filter)
            let runRows = try Row.fetchAll(db, sql: runs.sql, arguments: Self.arguments(runs.values)).map(Self.runRow)
            let metricRows = try Row.fetchAll(db, sql: metrics.sql, arguments: Self.arguments(metrics.values)).map(
                Self.metricRow)
            return (runRows, metricRows)
        }
        return try HistoryRowEncoder.runs(runRows, metrics: metricRows, location: location)
    }

    /// Every metric's series over the runs `filter` selects, by one query read with a cursor.
    package func series(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [MetricSeries] {
        let query = sql.selectSeriesPoints(filter)
        let rows = try read { db in
            var rows: [HistorySeriesRow] = []
            let cursor = try Row.fetchCursor(db, sql: query.sql, arguments: Self.arguments(query.values))
            while let row = try cursor.next() { rows.append(Self.seriesRow(row)) }
            return rows
        }
        return HistorySeriesRow.series(rows)
    }

    /// A row of ``HistorySQL/selectSeriesPoints(_:)``.
    static func seriesRow(_ row: Row) -> HistorySeriesRow {
        HistorySeriesRow(
            key: SeriesKey(app: row[0], scenario: row[2], machineClass: row[1], metric: row[3]),
            point: SeriesPoint(
                recordedAt: row[4], runKey: row[5], commit: row[6], median: row[7], p10: row[8], p90: row[9],
                count: row[10])
        )
    }

    /// Deletes what `retention` does not keep.
    @discardableResult
    package func prune(_ retention: HistoryRetention) throws(LaunchProfilerError) -> Int {
        let statement = sql.prune(retention)
        return try write { db in
            try db.execute(sql: statement.sql, arguments: Self.arguments(statement.values))
            return db.changesCount
        }
    }

    /// The recorded schema version.
    package func schemaVersion() throws(LaunchProfilerError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT MAX(version) FROM history_schema") ?? 0 }
    }

    /// GRDB's arguments for `values`.
    static func arguments(_ values: [HistoryValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .text(let text): text
                case .integer(let integer): integer
                case .real(let real): real
                }
            })
    }

    /// A `runs` row in ``HistorySQL/runColumns`` order.
    static func runRow(_ row: Row) -> HistoryRunRow {
        HistoryRunRow(
            id: row[0], key: row[1], recordedAt: row[2], app: row[3], appVersion: row[4], commit: row[5],
            branch: row[6],
            machineClass: row[7], hostname: row[8], kernel: row[9], scenario: row[10], launches: row[11],
            settings: row[12], verdicts: row[13]
        )
    }

    /// A `metrics` row.
    static func metricRow(_ row: Row) -> HistoryMetricRow {
        HistoryMetricRow(
            runID: row[0], scenario: row[1], metric: row[2], count: row[3], median: row[4], p10: row[5], p90: row[6],
            mean: row[7], values: row[8]
        )
    }
}
