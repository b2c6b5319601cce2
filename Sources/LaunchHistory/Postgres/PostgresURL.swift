import Foundation
import LaunchTrace

/// A `postgres://user:password@host:port/database?sslmode=…` URL, parsed.
package struct PostgresURL: Sendable, Equatable {
    /// The server's host.
    package var host: String
    /// The server's port (5432 when the URL names none).
    package var port: Int
    /// The user.
    package var user: String
    /// The password, if any.
    package var password: String?
    /// The database (the user's name when the URL names none).
    package var database: String
    /// `disable`, `require`, or `prefer` (the default).
    package var sslMode: String

    /// Whether `text` is meant as a PostgreSQL URL.
    package static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`.
    package init(_ text: String) throws(LaunchProfilerError) {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            let user = components.user, !user.isEmpty
        else { throw .invalidHistoryLocation(Self.redacted(text), reason: "a PostgreSQL URL needs a user and a host.") }
        self.host = host
        port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        database = path.isEmpty ? self.user : path
        sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
    }

    /// The URL without its password, for messages.
    package var displayString: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// `text` with any password replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
