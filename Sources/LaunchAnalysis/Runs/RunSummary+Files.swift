import Foundation
import LaunchTrace

extension RunSummary {
    /// Reads a summary written by ``write(to:)``, checking its schema version.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path and the problem.
    public static func read(from url: URL) throws -> RunSummary {
        try SchemaVersionCheck.read(RunSummary.self, from: url, expected: currentSchemaVersion, what: "run summary")
    }

    /// Writes the summary atomically as sorted, pretty-printed JSON.
    public func write(to url: URL) throws {
        try TraceJSON.write(self, to: url)
    }
}
