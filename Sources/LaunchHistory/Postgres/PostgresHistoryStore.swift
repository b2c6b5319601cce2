import Foundation
import LaunchTrace
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization

/// The shared history: a PostgreSQL database through postgres-nio (SwiftNIO's PostgreSQL
/// client), for a team whose nightly machines record into one store. Each run is one
/// transaction; schema migrations hold an advisory lock so that several machines upgrading at
/// once apply each version once. One connection per store, on its own event loop, used under a
/// lock; the calling thread waits for each statement (`EventLoopFuture.wait()`), so the store
/// stays synchronous for the CLI.
package final class PostgresHistoryStore: HistoryStore {
    /// The URL without its password.
    package let location: String
    /// The connection, `nil` once closed; the lock also keeps one transaction at a time.
    let connection: Mutex<PostgresConnection?>
    /// The connection's event loop (one thread).
    let group: MultiThreadedEventLoopGroup
    /// The statements, in PostgreSQL's dialect.
    let sql = HistorySQL(dialect: .postgres)

    /// The advisory-lock key migrations hold.
    static let migrationLock = 0x4C50_4849

    /// Connects to `url` and migrates the schema.
    ///
    /// - Throws: ``LaunchProfilerError/historyUnavailable(_:reason:)`` when the server cannot
    ///   be reached or refuses the login, ``LaunchProfilerError/historySchemaTooNew(_:found:supported:)``.
    package init(url: PostgresURL, connectTimeoutSeconds: Int = 10) throws(LaunchProfilerError) {
        location = url.displayString
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: try url.tls()
            )
            configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
            let logger = Logger(label: "launchprof.history", factory: { _ in SwiftLogNoOpLogHandler() })
            connection = Mutex(
                try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 1, logger: logger)
                    .wait())
        } catch {
            try? group.syncShutdownGracefully()
            throw .historyUnavailable(url.displayString, reason: Self.sentence(error))
        }
        try migrate()
    }

    /// The server's (or the connection's) message as one line ending in a period.
    static func sentence(_ error: any Error) -> String {
        let text: String
        if let error = error as? PSQLError {
            text = error.serverInfo?[.message] ?? error.underlying.map { "\($0)" } ?? "\(error.code)"
        } else {
            text = "\(error)"
        }
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.isEmpty ? "the server gave no reason." : (line.hasSuffix(".") ? line : line + ".")
    }

    /// Runs `body` with the connection between `BEGIN` and `COMMIT` (`ROLLBACK` when it throws).
    func transaction<T: Sendable>(_ body: (PostgresSession) throws -> T) throws(LaunchProfilerError) -> T {
        let location = self.location
        let outcome: Result<T, any Error> = connection.withLock { connection in
            guard let connection else { return .failure(PostgresSession.Failure(message: "the connection is closed.")) }
            let session = PostgresSession(connection: connection)
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
        case .success(let value): return value
        case .failure(let error as LaunchProfilerError): throw error
        case .failure(let error as PostgresSession.Failure): throw .historyQueryFailed(location, reason: error.message)
        case .failure(let error): throw .historyQueryFailed(location, reason: Self.sentence(error))
        }
    }

    /// Closes the connection and its event loop.
    package func close() {
        let closing = connection.withLock { connection in
            defer { connection = nil }
            return connection
        }
        guard let closing else { return }
        try? closing.close().wait()
        try? group.syncShutdownGracefully()
    }

    deinit {
        close()
    }
}

extension PostgresURL {
    /// The TLS of `sslmode`: `disable`, `prefer` (TLS when the server offers it) or `require`.
    func tls() throws -> PostgresConnection.Configuration.TLS {
        switch sslMode {
        case "disable": return .disable
        case "require": return .require(try NIOSSLContext(configuration: Self.clientTLS))
        default: return .prefer(try NIOSSLContext(configuration: Self.clientTLS))
        }
    }

    /// libpq's `require` and `prefer` encrypt without verifying the server's certificate.
    static var clientTLS: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }
}
