import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

/// Budgets on the reasons of the launches' exclusive breakdowns: `reason:<reason>` (time per
/// launch) and `reason:<reason>.share` (share of the launch), carried by the summary as metrics.
@Suite("Budgets on breakdown reasons")
struct ReasonBudgetTests {
    static let ms: Int64 = 1_000_000

    /// Six launches of 10 ms loading, `codeMs` of program code and `waitingMs[i]` waiting for a CPU.
    static func summary(waitingMs: [Int64], codeMs: Int64 = 100) -> RunSummary {
        var summary = withoutFindings(launches: waitingMs.count)
        var findings = RunFindings(findings: [], analyzedLaunches: ["warm": waitingMs.count])
        findings.breakdowns = waitingMs.enumerated().map { index, waiting in
            BreakdownTests.breakdown(run: index + 1, waitingMs: waiting, codeMs: codeMs)
        }
        summary.findings = findings
        summary.addReasonMetrics(bootstrap: Bootstrap(resamples: 500))
        return summary
    }

    /// A warm run of `launches` completed launches, with no metric and no findings.
    static func withoutFindings(launches: Int) -> RunSummary {
        RunSummary(
            run: RunInfo(appPath: "/usr/bin/tool", scenario: .warm, runs: launches, warmup: 0, date: "2026-01-01"),
            launches: [],
            scenarios: ["warm": ScenarioSummary(scenario: "warm", completedLaunches: launches, metrics: [:])])
    }

    static func budgets(_ rules: String) throws -> BudgetFile {
        try BudgetFile.parse(Data(#"{"schemaVersion": 1, "rules": [\#(rules)]}"#.utf8), file: "budgets.json")
    }

    @Test("a reason's time and share are metrics of the summary, one sample per launch, 0 for a reason it never had")
    func summaryCarriesReasons() throws {
        let summary = Self.summary(waitingMs: [90, 100, 110, 100, 95, 105])
        let waiting = try #require(summary.metric(.reason(.waitingForCPU), scenario: .warm))
        #expect(waiting.kind == .time)
        #expect(waiting.samples == [90, 100, 110, 100, 95, 105].map { Double($0 * Self.ms) })
        #expect(waiting.launchIndices == [1, 2, 3, 4, 5, 6])
        let share = try #require(summary.metric(.reasonShare(.waitingForCPU), scenario: .warm))
        #expect(share.kind == .share)
        // Launch 2: 100 ms waiting of 10 + 100 + 100 ms.
        #expect(abs(share.samples[1] - 100.0 / 210.0) < 1e-9)
        #expect(summary.metric(.reason(.lock), scenario: .warm)?.samples == Array(repeating: 0, count: 6))
        #expect(MetricKind.share.format(share.statistics.median) == "47.6 %")
    }

    @Test("a budget on a reason's share and time is evaluated like any other: fail, pass, inconclusive")
    func evaluated() throws {
        let budgets = try Self.budgets(
            #"""
            {"metric": "reason:waitingForCPU.share", "limit": "15%"},
            {"metric": "reason:programCode", "limit": "150ms"},
            {"metric": "reason:waitingForCPU", "limit": "100ms"},
            {"metric": "reason:lock", "statistic": "max", "limit": "1ms"}
            """#)
        #expect(
            budgets.rules[0].kind == .share
                && budgets.rules[0].limit == .absolute(value: 0.15, kind: .share, text: "15%"))
        let summary = Self.summary(waitingMs: [90, 100, 110, 100, 95, 105])
        let verdicts = BudgetEvaluator(bootstrap: Bootstrap(resamples: 500)).evaluate(budgets, summary: summary)
            .verdicts
        #expect(verdicts.map(\.status) == [.fail, .pass, .inconclusive, .pass], "\(verdicts.map(\.message))")
        #expect(verdicts[0].message.contains("%"), "\(verdicts[0].message)")
    }

    @Test("without breakdowns a reason's budget is missing, never a silent pass")
    func missingWithoutBreakdowns() throws {
        var summary = Self.withoutFindings(launches: 3)
        summary.addReasonMetrics()
        #expect(summary.scenarios["warm"]?.metrics.isEmpty == true)
        let budgets = try Self.budgets(#"{"metric": "reason:waitingForCPU", "limit": "100ms"}"#)
        #expect(BudgetEvaluator().evaluate(budgets, summary: summary).verdicts.map(\.status) == [.missing])
    }

    @Test("an unknown reason names the file, the JSON path, the value, the reasons expected and the likely one")
    func unknownReason() throws {
        let error = try #require(throws: LaunchProfilerError.self) {
            try Self.budgets(#"{"metric": "reason:waitingForCpu", "limit": "100ms"}"#)
        }
        #expect(error.context.file == "budgets.json")
        let problem = try #require(error.problems.first)
        #expect(problem.context.jsonPath == "rules[0].metric")
        #expect(problem.context.value == "\"reason:waitingForCpu\"")
        let expected = problem.context.expected ?? ""
        for name in ["\"reason:waitingForCPU\"", "\"reason:fileIO\"", "\"reason:displayRoundTrip\"", "\".share\""] {
            #expect(expected.contains(name), "\(expected)")
        }
        #expect(problem.context.suggestion == "reason:waitingForCPU")
    }

    @Test(
        "a share takes a percentage from 0 to 100; a time metric's unsigned percentage stays a malformed relative limit",
        arguments: [
            (#"{"metric": "reason:lock.share", "limit": "150%"}"#, "from 0 to 100"),
            (#"{"metric": "reason:lock.share", "limit": "40ms"}"#, "is a share metric"),
            (#"{"metric": "reason:lock", "limit": "20%"}"#, "plus sign"),
        ])
    func badLimits(rule: String, fragment: String) throws {
        let error = try #require(throws: LaunchProfilerError.self) { try Self.budgets(rule) }
        let problem = try #require(error.problems.first)
        #expect(problem.context.jsonPath == "rules[0].limit")
        #expect((problem.context.expected ?? "").contains(fragment), "\(problem.context.expected ?? "")")
    }
}
