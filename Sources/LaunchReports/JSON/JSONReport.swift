import Foundation
import LaunchAnalysis
import LaunchTrace

/// The machine-readable report: the run summary and the verdicts, with sorted keys.
///
/// ```json
/// { "schemaVersion": 1, "exitCode": 0, "isDecisive": true, "summary": {…}, "evaluation": {…} }
/// ```
public struct JSONReport: Codable, Sendable, Equatable {
    /// The format version this library writes.
    public static let currentSchemaVersion = 1

    /// Format version.
    public var schemaVersion: Int
    /// The overall exit code.
    public var exitCode: ProfilerExitStatus
    /// Whether no verdict is inconclusive.
    public var isDecisive: Bool
    /// The run.
    public var summary: RunSummary
    /// The verdicts.
    public var evaluation: BudgetEvaluation

    /// Creates the report of a run and its evaluation.
    public init(summary: RunSummary, evaluation: BudgetEvaluation) {
        schemaVersion = Self.currentSchemaVersion
        exitCode = evaluation.status
        isDecisive = evaluation.isDecisive
        self.summary = summary
        self.evaluation = evaluation
    }

    /// The report as sorted, pretty-printed JSON, ending with a newline.
    public func render() throws -> String {
        String(decoding: try encodedJSON(), as: UTF8.self)
    }

    /// Writes the report atomically.
    public func write(to url: URL) throws {
        try AtomicFile.write(encodedJSON(), to: url)
    }

    /// Byte for byte `TraceJSON.encode(self, schema: .verdicts)` and a newline, the summary's
    /// launch records written directly (``LaunchAnalysis/RecordListSplicer``).
    private func encodedJSON() throws -> Data {
        var bare = self
        let lists: [(key: String, records: [LaunchRecord])]
        (bare.summary, lists) = summary.withoutRecordLists
        var bytes = try RecordListSplicer.splice(
            TraceJSON.encode(bare, schema: .verdicts), parent: [CodingKeys.summary.stringValue], lists: lists)
        bytes.append(0x0A)
        return Data(bytes)
    }
}
