import Foundation
import GRDB
import LaunchTrace

/// How a SQLite history is told from another program's database: SQLite's `application_id`
/// (the 32-bit number at offset 68 of the header, `PRAGMA application_id`, as `file(1)`'s magic
/// reads it) is set on every history launchprof creates. A history made before it was set is
/// recognised by its `history_schema` table, and gets the number when next opened for writing;
/// an empty database is a new history. Anything else is refused, never written.
enum SQLiteIdentity {
    /// launchprof's `application_id`: `LPHS` in ASCII.
    static let applicationID: Int32 = 0x4C50_4853

    /// What the database is, as far as launchprof is concerned.
    enum Kind: Equatable {
        /// A launchprof history with its `application_id`.
        case history
        /// A launchprof history from before the `application_id` was set.
        case unmarkedHistory
        /// No table at all: a new or empty database.
        case empty
        /// Another program's database; the text says why.
        case foreign(String)
    }

    /// Reads the identity of the database behind `db` without writing.
    static func kind(of db: Database) throws -> Kind {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let names = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if id == applicationID { return .history }
        if id != 0 {
            return .foreign(
                "its application_id is \(String(format: "0x%08X", UInt32(bitPattern: id))), not launchprof's")
        }
        if names.contains("history_schema") { return .unmarkedHistory }
        if names.isEmpty { return .empty }
        let shown = names.prefix(3).map { "\"\(escaped($0))\"" }.joined(separator: ", ")
        return .foreign("it holds the tables \(shown)\(names.count > 3 ? ", …" : "") and no history_schema")
    }

    /// `name` with every character outside printable ASCII (control characters, bidirectional
    /// overrides) written as a Swift escape, so that a table's name cannot break the message.
    private static func escaped(_ name: String) -> String {
        name.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    }

    /// Refuses a foreign database (``LaunchTrace/LaunchProfilerError`` `historyForeign`).
    static func check(_ kind: Kind, path: String) throws(LaunchProfilerError) {
        if case .foreign(let what) = kind { throw .historyForeign(path, what: what) }
    }
}
