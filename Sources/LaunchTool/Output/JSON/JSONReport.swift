import Foundation
import LaunchTrace

/// The machine-readable report: the run summary and the verdicts, with sorted keys.
///
/// ```json
/// { "schemaVersion": 1, "exitCode": 0, "isDecisive": true, "summary": {…}, "evaluation": {…} }
/// ```
package struct JSONReport: Codable, Sendable, Equatable {
    /// The format version this library writes.
    package static let currentSchemaVersion = 1

    /// Format version.
    package var schemaVersion: Int
    /// The overall exit code.
    package var exitCode: ProfilerExitStatus
    /// Whether no verdict is inconclusive.
    package var isDecisive: Bool
    /// The run.
    package var summary: RunSummary
    /// The verdicts.
    package var evaluation: BudgetEvaluation

    /// Creates the report of a run and its evaluation.
    package init(summary: RunSummary, evaluation: BudgetEvaluation) {
        schemaVersion = Self.currentSchemaVersion
        exitCode = evaluation.status
        isDecisive = evaluation.isDecisive
        self.summary = summary
        self.evaluation = evaluation
    }

    /// The report as sorted, pretty-printed JSON, ending with a newline.
    package func render() throws -> String {
        String(decoding: try encodedJSON(), as: UTF8.self)
    }

    /// Writes the report atomically; `summaryJSON`, when given, is the summary's
    /// ``RunSummary/untaggedJSON()`` made already (for `summary.json`).
    package func write(to url: URL, summaryJSON: [UInt8]? = nil) throws {
        try AtomicFile.write(encodedJSON(summaryJSON: summaryJSON), to: url)
    }

    /// Encodes the report; without its summary when the encoder's ``omitsSummary`` is true.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(exitCode, forKey: .exitCode)
        try container.encode(isDecisive, forKey: .isDecisive)
        try container.encode(evaluation, forKey: .evaluation)
        guard encoder.userInfo[Self.omitsSummary] as? Bool != true else { return }
        try container.encode(summary, forKey: .summary)
    }

    /// The encoder setting that leaves the summary out (``encode(to:)``).
    static let omitsSummary = CodingUserInfoKey(rawValue: "JSONReport.omitsSummary")!

    /// Byte for byte `TraceJSON.encode(self, schema: .verdicts)` and a newline: the rest of the
    /// report encoded, and the summary, its launch records written directly, as its last member
    /// (`summary` sorts after the report's other keys).
    private func encodedJSON(summaryJSON: [UInt8]? = nil) throws -> Data {
        let encoder = TraceJSON.makeEncoder()
        encoder.userInfo[Self.omitsSummary] = true
        var bytes = try TraceJSON.tagging(Array(encoder.encode(self)), schema: .verdicts)
        guard bytes.suffix(2) == [0x0A, 0x7D] else {
            throw LaunchProfilerError(.writeFailed, "The report's JSON does not end with its object's brace.")
        }
        bytes.removeLast(2)
        bytes += ",\n  \"\(CodingKeys.summary.stringValue)\" : ".utf8
        bytes += TraceJSON.nested(try summaryJSON ?? summary.untaggedJSON(), levels: 1)
        bytes += "\n}\n".utf8
        return Data(bytes)
    }
}
