import CSQLite
import Foundation

/// The server's SQLite database: opened, then migrated to the latest schema.
final class Database {
    private var handle: OpaquePointer?

    /// Opens (or creates) the database at `path`.
    init(path: String) throws {
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw DatabaseError(message: "cannot open \(path)") }
        try execute("PRAGMA journal_mode=WAL")
    }

    deinit {
        sqlite3_close(handle)
    }

    /// The migrations, in order; each runs once (the schema version is `user_version`).
    static let migrations = [
        "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL)",
        "CREATE INDEX IF NOT EXISTS items_name ON items(name)",
        "CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, item INTEGER REFERENCES items(id), quantity INTEGER)",
    ]

    /// Runs the migrations not yet applied, and seeds the catalogue the first time.
    func migrate() throws {
        let version = try userVersion()
        for (index, sql) in Self.migrations.enumerated() where index >= version {
            try execute(sql)
        }
        try execute("PRAGMA user_version = \(Self.migrations.count)")
        if version == 0 {
            try execute("BEGIN")
            for index in 0..<2000 {
                try execute("INSERT INTO items(name, price) VALUES ('item \(index)', \(Double(index) / 10))")
            }
            try execute("COMMIT")
        }
    }

    /// The number of items.
    func itemCount() throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "SELECT count(*) FROM items", -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError(message: "cannot count items")
        }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
    }

    private func userVersion() throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError(message: "cannot read the schema version")
        }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw DatabaseError(message: String(cString: sqlite3_errmsg(handle)))
        }
    }
}

/// A database call failed.
struct DatabaseError: Error, CustomStringConvertible {
    var message: String
    var description: String { "SQLite: \(message)" }
}
