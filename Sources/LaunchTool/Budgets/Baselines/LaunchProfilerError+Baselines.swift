import LaunchTrace

extension LaunchProfilerError.Code {
    /// No baseline of this name was saved.
    package static let baselineNotFound = Self("baselineNotFound")
    /// The name cannot name a file safely.
    package static let invalidBaselineName = Self("invalidBaselineName")
    /// The baseline file could not be written.
    package static let baselineNotWritable = Self("baselineNotWritable")
}

extension LaunchProfilerError {
    /// No baseline called `name` was saved; `path` is where it was looked for.
    package static func baselineNotFound(name: String, path: String) -> Self {
        Self(
            .baselineNotFound,
            "The baseline \"\(name)\" does not exist: \(path) was not found. Save a run summary under that name first.",
            context: Context(file: path, mentionsLocation: true)
        )
    }

    /// `name` cannot name a baseline file safely.
    package static func invalidBaselineName(_ name: String) -> Self {
        Self(
            .invalidBaselineName,
            "The baseline name \"\(name)\" is not valid; use letters, digits, \".\", \"_\" or \"-\", not starting with \".\"."
        )
    }

    /// The baseline `name` could not be written to `path`.
    package static func baselineNotWritable(name: String, path: String, reason: String) -> Self {
        Self(
            .baselineNotWritable,
            "The baseline \"\(name)\" cannot be written to \(path): \(reason)",
            context: Context(file: path, reason: reason, mentionsLocation: true)
        )
    }
}
