import LaunchTrace

extension LaunchProfilerError.Code {
    /// The report cannot be made from what was given, e.g. `--run` names a launch without a trace.
    package static let invalidReportInput = Self("invalidReportInput")
    /// A symbol map file cannot be used.
    package static let invalidSymbolMap = Self("invalidSymbolMap")
}

extension LaunchProfilerError {
    /// The report cannot be made from what was given; `message` says why, as a sentence.
    package static func invalidReportInput(_ message: String) -> Self {
        Self(.invalidReportInput, message)
    }

    /// The symbol map `file` cannot be used: `FILE: MESSAGE`.
    package static func invalidSymbolMap(_ file: String, _ message: String, reason: String? = nil) -> Self {
        Self(.invalidSymbolMap, message, context: Context(file: file, reason: reason))
    }
}
