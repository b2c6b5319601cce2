import Foundation
import GRDB
import LaunchHistory

/// Writes a schema version into a store behind the store's back (a newer launchprof's store).
enum SchemaEditor {
    static func setVersion(_ version: Int, at location: HistoryLocation) throws {
        switch location {
        case let .sqlite(path):
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: "INSERT INTO history_schema (version) VALUES (?)", arguments: [version])
            }
        case let .postgres(url):
            try PostgresTestServer.run("\(PostgresTestServer.binaries)/psql", [
                "-h", url.host, "-p", "\(url.port)", "-U", url.user, "-d", url.database, "-c", "INSERT INTO history_schema (version) VALUES (\(version))",
            ])
        }
    }
}
