import Foundation
import LaunchTrace

/// Where the history is: `--history`, else `LAUNCHPROF_HISTORY`, else `.launchprof/history.sqlite`.
///
/// ```swift
/// let store = try HistoryLocation.resolve(option).open()
/// ```
package enum HistoryLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL server.
    case postgres(PostgresURL)

    /// The default file, relative to the current folder.
    package static let defaultPath = ".launchprof/history.sqlite"

    /// The location `option` names, else the one `LAUNCHPROF_HISTORY` names, else the default.
    package static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LaunchProfilerError) -> Self
    {
        let text = option ?? ToolVariable.history.value(in: environment) ?? defaultPath
        if PostgresURL.isPostgres(text) { return .postgres(try PostgresURL(text)) }
        if text.contains("://") {
            throw .invalidHistoryLocation(
                PostgresURL.redacted(text), reason: "only postgres:// URLs and file paths are supported.")
        }
        return .sqlite(path: text)
    }

    /// Opens (and migrates) the store; a SQLite write waiting for another writer's lock gives
    /// up when `giveUp` returns true.
    package func open(giveUp: @escaping @Sendable () -> Bool = { false }) throws(LaunchProfilerError)
        -> any HistoryStore
    {
        switch self {
        case .sqlite(let path): try SQLiteHistoryStore(path: path, giveUp: giveUp)
        case .postgres(let url): try PostgresHistoryStore(url: url)
        }
    }

    /// Opens the store for a command that only reads it: a SQLite file read-only, leaving no
    /// file behind (``SQLiteHistoryStore/init(readingFrom:)``); PostgreSQL as for any command.
    package func openForReading() throws(LaunchProfilerError) -> any HistoryStore {
        switch self {
        case .sqlite(let path): try SQLiteHistoryStore(readingFrom: path)
        case .postgres(let url): try PostgresHistoryStore(url: url)
        }
    }

    /// The location for messages (no password).
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): url.displayString
        }
    }
}
