import LaunchTrace

extension LaunchProfilerError.Code {
    /// The history store cannot be reached or opened (server down, bad URL, unreadable file).
    package static let historyUnavailable = Self("historyUnavailable")
    /// The history file is not a SQLite database or is damaged; it is left untouched.
    package static let historyCorrupt = Self("historyCorrupt")
    /// The SQLite file is a database of something else, not a launchprof history; it is left untouched.
    package static let historyForeign = Self("historyForeign")
    /// The store's schema is newer than this launchprof understands.
    package static let historySchemaTooNew = Self("historySchemaTooNew")
    /// A query or write on the history store failed.
    package static let historyQueryFailed = Self("historyQueryFailed")
    /// A history location (`--history`, `LAUNCHPROF_HISTORY`) is not a path nor a PostgreSQL URL.
    package static let invalidHistoryLocation = Self("invalidHistoryLocation")
}

extension LaunchProfilerError {
    /// The store at `location` cannot be reached or opened.
    package static func historyUnavailable(_ location: String, reason: String) -> Self {
        Self(
            .historyUnavailable,
            "The run history at \(location) cannot be opened: \(reason)",
            context: Context(file: location, reason: reason, mentionsLocation: true)
        )
    }

    /// The SQLite file at `path` is not a database or is damaged.
    package static func historyCorrupt(_ path: String, reason: String) -> Self {
        Self(
            .historyCorrupt,
            "The run history \(path) is not a valid SQLite database (\(reason)); it was left untouched. Move it aside to start a new history, or point --history elsewhere.",
            context: Context(file: path, reason: reason, mentionsLocation: true)
        )
    }

    /// The SQLite database at `path` is not a launchprof history: `what` says what it is.
    package static func historyForeign(_ path: String, what: String) -> Self {
        Self(
            .historyForeign,
            "The run history \(path) is a SQLite database of something else (\(what)); launchprof does not add its tables to another program's database and left it untouched. Point --history at a new file or a launchprof history.",
            context: Context(file: path, reason: what, mentionsLocation: true)
        )
    }

    /// The store at `location` has schema `found`, newer than `supported`.
    package static func historySchemaTooNew(_ location: String, found: Int, supported: Int) -> Self {
        Self(
            .historySchemaTooNew,
            "The run history at \(location) has schema version \(found), newer than the version \(supported) this launchprof understands; update launchprof to use it.",
            context: Context(file: location, value: nil, expected: nil, mentionsLocation: true)
        )
    }

    /// A statement on the store at `location` failed.
    package static func historyQueryFailed(_ location: String, reason: String) -> Self {
        Self(
            .historyQueryFailed,
            "The run history at \(location) could not be read or written: \(reason)",
            context: Context(file: location, reason: reason, mentionsLocation: true)
        )
    }

    /// `text` names no history location.
    package static func invalidHistoryLocation(_ text: String, reason: String) -> Self {
        Self(
            .invalidHistoryLocation,
            "The history location is not valid: \(reason)",
            context: Context(
                jsonPath: "--history", value: "\"\(text)\"",
                expected: "Expected a SQLite file path or a postgres://user@host:port/database URL.")
        )
    }
}
