import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Verdicts and exit codes")
struct EvaluatorTests {
    static func budgets(_ rules: String, defaults: String = "") throws -> BudgetFile {
        try BudgetFile.parse(Data("{\"schemaVersion\": 1, \(defaults) \"rules\": [\(rules)]}".utf8), file: "test.json")
    }

    static func summary(
        count: Int = 20, didFinishMs: Double = 180, jitterMs: Double = 4, failed: [LaunchRecord.Outcome] = []
    ) -> RunSummary {
        let run = TraceFactory.run(count: count, didFinishMs: didFinishMs, jitterMs: jitterMs, failed: failed)
        return RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
    }

    static let evaluator = BudgetEvaluator(bootstrap: Bootstrap(resamples: 500))

    @Test(
        "Absolute limits",
        arguments: [
            ("250ms", VerdictStatus.pass), ("100ms", .fail), ("180ms", .inconclusive), ("170ms", .fail),
        ])
    func absolute(limit: String, expected: VerdictStatus) throws {
        let budgets = try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "\#(limit)"}"#)
        let verdict = try #require(Self.evaluator.evaluate(budgets, summary: Self.summary()).verdicts.first)
        #expect(verdict.status == expected, "\(verdict.message)")
        let expectedThreshold = try BudgetLimit(parsing: limit).absoluteValue
        #expect(verdict.threshold == expectedThreshold)
        #expect(verdict.message.hasSuffix("."))
    }

    @Test(
        "Missing metrics and scenarios are never a silent pass",
        arguments: [
            #"{"metric": "timeToFullDisplay", "limit": "1s"}"#,
            #"{"metric": "stallCount", "limit": 0}"#,
            #"{"metric": "timeToFirstFrame", "limit": "1s", "scenario": "cold"}"#,
            #"{"metric": "timeToFirstFrame", "limit": "+5%", "baseline": "main"}"#,
        ])
    func missing(rule: String) throws {
        let evaluation = Self.evaluator.evaluate(try Self.budgets(rule), summary: Self.summary())
        #expect(evaluation.verdicts.first?.status == .missing)
        #expect(evaluation.exitCode == .budgetExceeded)
    }

    @Test(
        "Exit codes",
        arguments: [
            // rules, completed launches, expected
            ([#"{"metric": "didFinishLaunching", "limit": "1s"}"#], 20, ProfilerExitStatus.success),
            ([#"{"metric": "didFinishLaunching", "limit": "10ms"}"#], 20, .budgetExceeded),
            ([#"{"metric": "didFinishLaunching", "limit": "180ms"}"#], 20, .inconclusive),
            (
                [
                    #"{"metric": "didFinishLaunching", "statistic": "p90", "limit": "10ms"}"#,
                    #"{"metric": "didFinishLaunching", "limit": "180ms"}"#,
                ], 20, .budgetExceeded
            ),
            ([#"{"metric": "didFinishLaunching", "limit": "10ms", "level": "warn"}"#], 20, .success),
            ([#"{"metric": "didFinishLaunching", "limit": "180ms", "level": "warn"}"#], 20, .success),
            ([#"{"metric": "timeToFullDisplay", "limit": "1s", "level": "warn"}"#], 20, .success),
            ([#"{"metric": "didFinishLaunching", "limit": "1s"}"#], 0, .launchFailed),
            ([], 0, .launchFailed),
            ([], 20, .success),
        ])
    func exitCodes(rules: [String], completed: Int, expected: ProfilerExitStatus) throws {
        let summary =
            completed == 0 ? Self.summary(count: 0, failed: [.crashed, .timedOut]) : Self.summary(count: completed)
        let evaluation = Self.evaluator.evaluate(try Self.budgets(rules.joined(separator: ",")), summary: summary)
        #expect(evaluation.exitCode == expected)
        #expect(ProfilerExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 130])
    }

    @Test("isDecisive is false while any verdict is inconclusive")
    func decisive() throws {
        let summary = Self.summary()
        let decided = Self.evaluator.evaluate(
            try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "1s"}"#), summary: summary)
        #expect(decided.isDecisive)
        let undecided = Self.evaluator.evaluate(
            try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "180ms", "level": "warn"}"#), summary: summary)
        #expect(!undecided.isDecisive)
        #expect(undecided.inconclusiveVerdicts.count == 1)
    }

    @Test("Relative limits: significant regression over the limit fails")
    func regression() throws {
        let budgets = try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "+10%", "baseline": "main"}"#)
        let baseline = Self.summary(didFinishMs: 180)
        let evaluation = Self.evaluator.evaluate(
            budgets, summary: Self.summary(didFinishMs: 220), baselines: ["main": baseline])
        let verdict = try #require(evaluation.verdicts.first)
        #expect(verdict.status == .fail)
        #expect(verdict.pValue! < 0.05)
        #expect(isClose(verdict.relativeChange!, 40.0 / 180, relative: 1e-2))
        #expect(isClose(verdict.shift!, 40_000_000, relative: 1e-3))
        #expect(evaluation.exitCode == .budgetExceeded)
    }

    @Test("Relative limits: a significant change under the limit passes")
    func smallRegression() throws {
        let budgets = try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "+10%", "baseline": "main"}"#)
        let verdict = Self.evaluator.evaluate(
            budgets, summary: Self.summary(didFinishMs: 190), baseline: Self.summary(didFinishMs: 180)
        ).verdicts[0]
        #expect(verdict.pValue! < 0.05)
        #expect(verdict.status == .pass)
        #expect(!verdict.isImprovement)
    }

    @Test("Relative limits: over the limit but not significant is inconclusive")
    func notSignificant() throws {
        let budgets = try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "+1%", "baseline": "main"}"#)
        let baseline = Self.summary(count: 3, didFinishMs: 180, jitterMs: 30)
        let current = Self.summary(count: 3, didFinishMs: 185, jitterMs: 30)
        let verdict = Self.evaluator.evaluate(budgets, summary: current, baseline: baseline).verdicts[0]
        #expect(verdict.pValue! >= 0.05)
        #expect(verdict.status == .inconclusive)
    }

    @Test("Relative limits: significant improvements are reported")
    func improvement() throws {
        let budgets = try Self.budgets(
            #"{"metric": "didFinishLaunching", "limit": "+10%"}"#, defaults: #""defaults": {"baseline": "main"},"#)
        let evaluation = Self.evaluator.evaluate(
            budgets, summary: Self.summary(didFinishMs: 150), baseline: Self.summary(didFinishMs: 180))
        #expect(evaluation.verdicts[0].status == .pass)
        #expect(evaluation.improvements.count == 1)
        #expect(evaluation.verdicts[0].message.contains("improvement"))
    }

    @Test("The baseline must have the metric")
    func baselineWithoutMetric() throws {
        let budgets = try Self.budgets(#"{"metric": "didFinishLaunching", "limit": "+10%", "baseline": "main"}"#)
        let empty = Self.summary(count: 0)
        let verdict = Self.evaluator.evaluate(budgets, summary: Self.summary(), baseline: empty).verdicts[0]
        #expect(verdict.status == .missing)
        #expect(verdict.message.contains("\"main\""))
    }
}

extension BudgetLimit {
    var absoluteValue: Double? {
        if case .absolute(let value, _, _) = self { return value }
        return nil
    }
}
