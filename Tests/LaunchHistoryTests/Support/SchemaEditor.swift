import Foundation
import GRDB
import LaunchHistory
import LaunchTestSupport
import LaunchTool

/// Edits a store behind the store's back: a newer launchprof's store, an older one's.
enum SchemaEditor {
    /// Records `version` as applied.
    static func setVersion(_ version: Int, at location: HistoryLocation) throws {
        try execute("INSERT INTO history_schema (version) VALUES (\(version))", at: location)
    }

    /// Runs `sql` (one or more statements); throws when a statement fails.
    static func execute(_ sql: String, at location: HistoryLocation) throws {
        switch location {
        case .sqlite(let path):
            try DatabaseQueue(path: path).write { db in try db.execute(sql: sql) }
        case .postgres(let url):
            try PostgresTestServer.run(
                "\(PostgresTestServer.binaries)/psql",
                [
                    "-h", url.host, "-p", "\(url.port)", "-U", url.user, "-d", url.database, "-v", "ON_ERROR_STOP=1",
                    "-c", sql,
                ])
        }
    }
}
