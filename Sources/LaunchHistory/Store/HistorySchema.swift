/// The history's tables, one list of statements per schema version, for both back ends.
/// A store records its version in `history_schema`; a store newer than ``current`` is refused.
///
/// Version 1:
/// - `runs`: one row per run (key, time, app, version, commit, branch, machine class, host,
///   kernel, scenario, launches, settings and verdicts as JSON).
/// - `metrics`: one row per run, scenario and metric (count, median, p10, p90, mean, every
///   launch's value as a JSON array), deleted with its run.
///
/// Version 2: `metrics_series`, an index of `metrics` on (run, scenario, metric) that holds
/// the count, median, p10 and p90 too, so that the series query
/// (``HistorySQL/selectSeriesPoints(_:)``) reads this small index instead of every row with its
/// launch values (SQLite's plan: `SCAN metrics USING COVERING INDEX metrics_series`).
package enum HistorySchema {
    /// The version this launchprof writes and understands.
    package static let current = 2

    /// The SQL dialect a migration is written for.
    enum Dialect {
        case sqlite, postgres
    }

    /// The statements that bring a store from `version - 1` to `version`.
    static func migration(to version: Int, dialect: Dialect) -> [String] {
        switch version {
        case 1: version1(dialect)
        case 2: ["CREATE INDEX metrics_series ON metrics (run_id, scenario, metric, count, median, p10, p90)"]
        default: []
        }
    }

    /// The first schema.
    private static func version1(_ dialect: Dialect) -> [String] {
        let id = dialect == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        let real = dialect == .sqlite ? "REAL" : "DOUBLE PRECISION"
        let integer = dialect == .sqlite ? "INTEGER" : "BIGINT"
        return [
            """
            CREATE TABLE runs (id \(id), run_key TEXT NOT NULL UNIQUE, recorded_at TEXT NOT NULL, app TEXT NOT NULL,
              app_version TEXT, commit_sha TEXT, branch TEXT, machine_class TEXT NOT NULL, hostname TEXT NOT NULL,
              kernel TEXT NOT NULL, scenario TEXT NOT NULL, launches \(integer) NOT NULL, settings TEXT NOT NULL, verdicts TEXT NOT NULL)
            """,
            "CREATE INDEX runs_series ON runs (app, scenario, machine_class, recorded_at)",
            """
            CREATE TABLE metrics (run_id \(integer) NOT NULL REFERENCES runs(id) ON DELETE CASCADE, scenario TEXT NOT NULL,
              metric TEXT NOT NULL, count \(integer) NOT NULL, median \(real) NOT NULL, p10 \(real) NOT NULL, p90 \(real) NOT NULL,
              mean \(real) NOT NULL, launch_values TEXT NOT NULL, PRIMARY KEY (run_id, scenario, metric))
            """,
        ]
    }
}
