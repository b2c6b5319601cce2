import CLibPQ
import Foundation
import LaunchTrace
import Synchronization

/// The shared history: a PostgreSQL database through libpq (PostgreSQL's own C client), for a
/// team whose nightly machines record into one store. Each run is one transaction; schema
/// migrations hold an advisory lock so that several machines upgrading at once apply each
/// version once. One connection per store, used under a lock.
public final class PostgresHistoryStore: HistoryStore {
    /// The URL without its password.
    public let location: String
    /// The connection's `PGconn *` as an address (a Sendable value), 0 once closed.
    let connection: Mutex<Int>
    /// The statements, in PostgreSQL's dialect.
    let sql = HistorySQL(dialect: .postgres)

    /// The advisory-lock key migrations hold.
    static let migrationLock = 0x4C50_4849

    /// Connects to `url` and migrates the schema.
    ///
    /// - Throws: ``LaunchProfilerError/historyUnavailable(_:reason:)`` when the server cannot
    ///   be reached or refuses the login, ``LaunchProfilerError/historySchemaTooNew(_:found:supported:)``.
    public init(url: PostgresURL, connectTimeoutSeconds: Int = 10) throws(LaunchProfilerError) {
        location = url.displayString
        guard let handle = PQconnectdb(url.connectionString(timeoutSeconds: connectTimeoutSeconds)) else {
            throw .historyUnavailable(url.displayString, reason: "libpq could not allocate a connection.")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = Self.sentence(PQerrorMessage(handle))
            PQfinish(handle)
            throw .historyUnavailable(url.displayString, reason: reason)
        }
        connection = Mutex(Int(bitPattern: handle))
        try migrate()
    }

    /// libpq's message as one line ending in a period.
    static func sentence(_ message: UnsafePointer<CChar>?) -> String {
        let text = message.map { String(cString: $0) } ?? ""
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.isEmpty ? "the server gave no reason." : (line.hasSuffix(".") ? line : line + ".")
    }

    /// Runs `body` with the connection between `BEGIN` and `COMMIT` (`ROLLBACK` when it throws).
    func transaction<T: Sendable>(_ body: (PostgresSession) throws -> T) throws(LaunchProfilerError) -> T {
        let location = self.location
        let outcome: Result<T, any Error> = connection.withLock { address in
            guard let handle = OpaquePointer(bitPattern: address) else { return .failure(PostgresSession.Failure(message: "the connection is closed.")) }
            let session = PostgresSession(handle: handle)
            return Result {
                try session.execute("BEGIN")
                do {
                    let value = try body(session)
                    try session.execute("COMMIT")
                    return value
                } catch {
                    _ = try? session.execute("ROLLBACK")
                    throw error
                }
            }
        }
        switch outcome {
        case let .success(value): return value
        case let .failure(error as LaunchProfilerError): throw error
        case let .failure(error as PostgresSession.Failure): throw .historyQueryFailed(location, reason: error.message)
        case let .failure(error): throw .historyQueryFailed(location, reason: "\(error)")
        }
    }

    /// Closes the connection.
    public func close() {
        connection.withLock { address in
            if let handle = OpaquePointer(bitPattern: address) { PQfinish(handle) }
            address = 0
        }
    }

    deinit {
        close()
    }
}

/// Statements on one open connection, inside ``PostgresHistoryStore/transaction(_:)``.
struct PostgresSession {
    /// The `PGconn *`.
    let handle: OpaquePointer

    /// A failed statement: the server's message.
    struct Failure: Error {
        var message: String
    }

    /// The rows of a statement (text values, `nil` for NULL) and the rows it changed.
    struct Rows {
        var values: [[String?]]
        var changed: Int
    }

    /// Runs `sql` with `values` bound as text parameters.
    @discardableResult
    func execute(_ sql: String, _ values: [HistoryValue] = []) throws -> Rows {
        let texts: [UnsafeMutablePointer<CChar>?] = values.map { value in
            switch value {
            case let .text(text): text.flatMap { strdup($0) }
            case let .integer(integer): strdup(String(integer))
            case let .real(real): strdup("\(real)")
            }
        }
        defer { texts.forEach { free($0) } }
        let result = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { parameters in
            PQexecParams(handle, sql, Int32(values.count), nil, parameters.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(message: PostgresHistoryStore.sentence(result.map { PQresultErrorMessage($0) } ?? PQerrorMessage(handle)))
        }
        return Rows(values: Self.values(of: result), changed: Int(String(cString: PQcmdTuples(result))) ?? 0)
    }

    /// Every cell of `result`.
    static func values(of result: OpaquePointer?) -> [[String?]] {
        let rows = PQntuples(result), columns = PQnfields(result)
        return (0..<rows).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }
}

extension PostgresURL {
    /// libpq's `key='value'` connection string.
    func connectionString(timeoutSeconds: Int) -> String {
        var pairs = [("host", host), ("port", "\(port)"), ("user", user), ("dbname", database), ("sslmode", sslMode), ("connect_timeout", "\(timeoutSeconds)")]
        if let password { pairs.append(("password", password)) }
        return pairs.map { key, value in
            "\(key)='" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }.joined(separator: " ")
    }
}
