import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace

/// The report fixture's synthetic series: a fixed run and budget file whose reports are compared with golden files: every verdict
/// kind, a warn rule, a relative rule against a baseline, a failed launch and a span name
/// that needs escaping in every format.
extension ReportFixture {
    /// A span name that needs escaping in every report format.
    static let escapingSpan = "<b>x</b>|&\"'`*"

    static let budgetsJSON = #"""
        {
          "schemaVersion": 1,
          "defaults": {"scenario": "warm", "statistic": "median", "level": "error", "baseline": "main"},
          "rules": [
            {"metric": "timeToFirstFrame", "statistic": "p90", "limit": "600ms"},
            {"metric": "didFinishLaunching", "limit": "150ms"},
            {"metric": "didFinishLaunching", "statistic": "p90", "limit": "182ms"},
            {"metric": "timeToFullDisplay", "limit": "1s"},
            {"metric": "binaryLoad", "limit": "+10%"},
            {"metric": "peakMemory", "statistic": "max", "limit": "64MiB", "level": "warn"},
            {"metric": "span.<b>x</b>|&\"'`*", "limit": "5ms", "level": "warn"}
          ]
        }
        """#

    static func budgets() throws -> BudgetFile {
        try BudgetFile.parse(Data(budgetsJSON.utf8), file: "budgets.json")
    }

    static func run(binaryLoadMs: Double, count: Int, failed: Bool) -> RunSummary {
        let pattern: [Double] = [0, 0.5, -0.5, 1, -1, 0.25, -0.25, 0.75, -0.75, 0.1, 0.3, -0.3]
        var records: [LaunchRecord] = []
        var traces: [LaunchTrace] = []
        for i in 0..<count {
            let jitter = pattern[i % pattern.count] * 4
            let binaryLoad = binaryLoadMs + pattern[(i + 3) % pattern.count] * 2
            let trace = TraceFactory.trace(
                phasesMs: [binaryLoad, 2, 1, 3, 5, 0, 180 + jitter, 90, 10], runIndex: i + 1,
                spans: [(escapingSpan, 2 + pattern[i % pattern.count])],
                peakMemory: i == 4 ? 90_000_000 : 52_000_000
            )
            traces.append(trace)
            records.append(
                LaunchRecord(
                    index: i + 1, scenario: .warm, outcome: .completed, exitStatus: 0,
                    wallNs: trace.totals.timeToActiveNs!, traceFile: "run-\(i + 1).trace.json"))
        }
        if failed {
            records.append(
                LaunchRecord(
                    index: count + 1, scenario: .warm, outcome: .crashed, signal: 11, wallNs: 80_000_000,
                    message: "The app was killed by signal 11 (SIGSEGV)."))
        }
        let info = RunInfo(
            appPath: "/apps/<Sample&App>", scenario: .warm, runs: count + (failed ? 1 : 0), warmup: 1,
            date: "2025-01-31T09:12:00Z")
        return RunSummary.build(info: info, records: records, traces: traces)
    }

    static let cachedSummary = run(binaryLoadMs: 100, count: 12, failed: true)
    static let cachedBaseline = run(binaryLoadMs: 120, count: 12, failed: false)

    static func summary() -> RunSummary { cachedSummary }
    static func baseline() -> RunSummary { cachedBaseline }

    /// The synthetic run's verdicts, its failed launches tolerated (`--allow-failed`) so that
    /// the verdicts decide the exit code.
    static func evaluation() throws -> BudgetEvaluation {
        var evaluation = BudgetEvaluator().evaluate(try budgets(), summary: summary(), baselines: ["main": baseline()])
        evaluation.allowedFailures = evaluation.failedLaunchCount
        return evaluation
    }
}
