import Foundation
import LaunchTrace

extension RunSummary {
    /// Reads a summary written by ``write(to:)`` (a run's or a saved baseline), checking its
    /// schema version first and its values after (``RunSummaryValidator``: no sample or
    /// statistic a launch cannot produce, such as `1e308` ns).
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path and the problem.
    public static func read(from url: URL) throws -> RunSummary {
        let summary = try SchemaVersionCheck.read(
            RunSummary.self, from: url, expected: currentSchemaVersion, what: "run summary")
        try RunSummaryValidator(file: url.path).validate(summary)
        return summary
    }

    /// Writes the summary atomically as sorted, pretty-printed JSON.
    public func write(to url: URL) throws {
        try TraceJSON.write(self, schema: .summary, to: url)
    }
}
