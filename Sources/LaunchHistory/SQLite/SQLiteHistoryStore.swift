import Foundation
import GRDB
import LaunchTrace

/// The embedded history: one SQLite file (`.launchprof/history.sqlite` by default) through
/// GRDB, in WAL mode with a busy timeout so that concurrent `launchprof` processes on one
/// machine wait for each other instead of failing. A file that is not a SQLite database is
/// refused and never overwritten.
package final class SQLiteHistoryStore: HistoryStore {
    /// The file's path.
    package let location: String
    /// The connections: a pool, or one read-only connection to a history on read-only media.
    let pool: any DatabaseWriter
    /// The statements, in SQLite's dialect.
    let sql = HistorySQL(dialect: .sqlite)
    /// Whether the store was opened read-only (``init(readingFrom:)``).
    package let isReadOnly: Bool
    /// For a read-only store: SQLite's `-wal` and `-shm` files did not exist when it was opened,
    /// so they are this process's to remove when it closes.
    private let sidecarsAreOurs: Bool

    /// How long a writer waits for another's transaction before giving up.
    package static let busyTimeoutSeconds: TimeInterval = 60

    /// Opens (creating when absent, with its folder) and migrates the history at `path`.
    ///
    /// A write that finds another writer's transaction waits for it up to
    /// ``busyTimeoutSeconds``, and gives up at once when `giveUp` returns true (launchprof
    /// passes "the run was interrupted", so Ctrl-C never waits on someone else's lock).
    ///
    /// - Throws: ``LaunchProfilerError/historyCorrupt(_:reason:)`` when the file is not a
    ///   SQLite database, ``LaunchProfilerError/historySchemaTooNew(_:found:supported:)``,
    ///   ``LaunchProfilerError/historyUnavailable(_:reason:)``.
    package init(path: String, giveUp: @escaping @Sendable () -> Bool = { false }) throws(LaunchProfilerError) {
        location = path
        isReadOnly = false
        sidecarsAreOurs = false
        try Self.checkHeader(path)
        // Before the pool opens it (which would switch it to WAL): another program's database is refused.
        try Self.checkIdentity(path)
        var configuration = Configuration()
        configuration.busyMode = Self.busyMode(giveUp: giveUp)
        do {
            try FileManager.default.createDirectory(
                at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.mapped(error, path: path, opening: true)
        }
        try migrate()
    }

    /// Opens the history at `path` read-only, for the commands that only read it: nothing is
    /// created or migrated, and the `-wal` and `-shm` files SQLite makes for a reader are removed
    /// at ``close()`` when no other connection holds them (``SQLiteSidecars``).
    ///
    /// - Throws: ``LaunchProfilerError/historyUnavailable(_:reason:)`` when there is no history
    ///   there, ``LaunchProfilerError/historyCorrupt(_:reason:)``,
    ///   ``LaunchProfilerError/historySchemaTooNew(_:found:supported:)``.
    package init(readingFrom path: String) throws(LaunchProfilerError) {
        location = path
        isReadOnly = true
        guard FileManager.default.fileExists(atPath: path) else {
            throw .historyUnavailable(path, reason: "there is no history there yet (launchprof run records one)")
        }
        try Self.checkHeader(path)
        sidecarsAreOurs = !SQLiteSidecars(database: path).exist
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        do {
            pool =
                try Self.isOnReadOnlyMedia(path)
                ? DatabaseQueue(path: Self.immutableURI(path), configuration: configuration)
                : DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.mapped(error, path: path, opening: true)
        }
        do throws(LaunchProfilerError) {
            try checkSchema()
        } catch {
            close()
            throw error
        }
    }

    /// Waits for another connection's lock in steps of ``busyStepMicroseconds``, up to
    /// ``busyTimeoutSeconds``, unless `giveUp` says to stop.
    static func busyMode(giveUp: @escaping @Sendable () -> Bool) -> Database.BusyMode {
        let steps = Int(busyTimeoutSeconds * 1_000_000) / Int(busyStepMicroseconds)
        return .callback { tries in
            guard !giveUp(), tries < steps else { return false }
            usleep(busyStepMicroseconds)
            return true
        }
    }

    /// How long one wait for a lock lasts before `giveUp` is asked again.
    static let busyStepMicroseconds: UInt32 = 10_000

    /// Whether `path` is on a file system mounted read-only, where SQLite cannot create the
    /// `-shm` file a WAL reader needs.
    static func isOnReadOnlyMedia(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The URI that opens `path` as SQLite's `immutable` file: no lock, no `-shm`, no journal
    /// (nothing can change a file on read-only media through this mount).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)?immutable=1"
    }

    /// Refuses another program's SQLite database (``SQLiteIdentity``), read through a
    /// read-only connection that changes nothing in it.
    static func checkIdentity(_ path: String) throws(LaunchProfilerError) {
        guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 else {
            return
        }
        var configuration = Configuration()
        configuration.readonly = true
        // Another writer's lock is waited for, as every connection of the store waits for it.
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        // A reader of a WAL database creates its -wal and -shm; they are removed if this one did.
        let sidecars = SQLiteSidecars(database: path)
        let sidecarsAreOurs = !sidecars.exist
        let kind: SQLiteIdentity.Kind
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            kind = try queue.read { try SQLiteIdentity.kind(of: $0) }
            try queue.close()
        } catch {
            if sidecarsAreOurs { sidecars.removeIfUnused() }
            throw Self.mapped(error, path: path, opening: true)
        }
        if sidecarsAreOurs { sidecars.removeIfUnused() }
        try SQLiteIdentity.check(kind, path: path)
    }

    /// Refuses a non-empty file whose first bytes are not SQLite's header.
    static func checkHeader(_ path: String) throws(LaunchProfilerError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if !header.isEmpty, header != Data("SQLite format 3\0".utf8) {
            throw .historyCorrupt(path, reason: "its header is not \"SQLite format 3\"")
        }
    }

    /// The error for a GRDB failure: corruption, a busy or unopenable file, or a failed statement.
    static func mapped(_ error: any Error, path: String, opening: Bool = false) -> LaunchProfilerError {
        if let error = error as? LaunchProfilerError { return error }
        if let error = error as? DatabaseError {
            let reason = error.message ?? "\(error.resultCode)"
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .historyCorrupt(path, reason: reason)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: return .historyUnavailable(path, reason: reason)
            default:
                return opening ? .historyUnavailable(path, reason: reason) : .historyQueryFailed(path, reason: reason)
            }
        }
        return opening ? .historyUnavailable(path, reason: "\(error)") : .historyQueryFailed(path, reason: "\(error)")
    }

    /// Runs `body` in one IMMEDIATE transaction (writers queue on SQLite's lock), mapping errors.
    func write<T>(_ body: (Database) throws -> T) throws(LaunchProfilerError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw Self.mapped(error, path: location)
        }
    }

    /// Runs `body` on a reader, mapping errors.
    func read<T>(_ body: (Database) throws -> T) throws(LaunchProfilerError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.mapped(error, path: location)
        }
    }

    /// Closes the pool.
    package func close() {
        try? pool.close()
        if isReadOnly, sidecarsAreOurs { SQLiteSidecars(database: location).removeIfUnused() }
    }
}
