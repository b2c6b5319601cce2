import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@testable import LaunchTool

/// `summary.json` and `verdicts.json` with their launch records written directly: byte for byte
/// what encoding the whole document gives, whatever lists are present.
@Suite("RecordListSplicer")
struct RecordListSplicerTests {
    /// A summary of a real-looking run, its record lists as given (records with every nested value).
    static func record(_ index: Int, outcome: LaunchRecord.Outcome = .completed) -> LaunchRecord {
        var record = LaunchRecord(
            index: index, scenario: .warm, outcome: outcome, exitStatus: 0, wallNs: Int64(1_000_000 + index),
            traceFile: "launch-\(index).trace.json", message: "line 1\n\"line\" 2 a/b")
        record.lastPhase = "main"
        record.readyWhen = .port(8080)
        return record
    }

    static func summary(timing: [LaunchRecord]?, preMain: [LaunchRecord]?) -> RunSummary {
        var summary = EvaluatorTests.summary(count: 4)
        summary.launches = summary.launches.map { record in
            var record = record
            record.message = "line 1\n\"line\" 2 a/b"
            return record
        }
        summary.measurementLaunches = timing
        summary.preMainLaunches = preMain
        return summary
    }

    static let variants: [(timing: [LaunchRecord]?, preMain: [LaunchRecord]?)] = [
        ((1...3).map { Self.record($0) }, [Self.record(1, outcome: .crashed)]),
        ((1...3).map { Self.record($0) }, nil),
        ([], []),
        (nil, nil),
    ]

    @Test("summary.json: byte for byte TraceJSON's encoding of the whole summary")
    func summaryMatches() throws {
        for variant in Self.variants {
            let summary = Self.summary(timing: variant.timing, preMain: variant.preMain)
            let expected = try TraceJSON.encode(summary, schema: .summary)
            #expect(try summary.encodedJSON() == expected)
        }
    }

    @Test("verdicts.json: byte for byte TraceJSON's encoding of the whole report, the summary nested")
    func reportMatches() throws {
        for variant in Self.variants {
            let summary = Self.summary(timing: variant.timing, preMain: variant.preMain)
            let budgets = try EvaluatorTests.budgets(#"{"metric": "didFinishLaunching", "limit": "250ms"}"#)
            let evaluation = EvaluatorTests.evaluator.evaluate(budgets, summary: summary)
            let report = JSONReport(summary: summary, evaluation: evaluation)
            let expected = String(decoding: try TraceJSON.encode(report, schema: .verdicts), as: UTF8.self) + "\n"
            #expect(try report.render() == expected)
        }
    }

    @Test("a list whose empty array is not where it should be is an error naming it, not a wrong file")
    func missingList() throws {
        let encoded = Data("{\n  \"other\" : [\n\n  ]\n}".utf8)
        #expect {
            _ = try RecordListSplicer.splice(encoded, lists: [("launches", [Self.record(1)])])
        } throws: { error in
            "\(error)".contains("no empty list \"launches\"")
        }
    }
}
