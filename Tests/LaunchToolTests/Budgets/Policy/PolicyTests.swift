import Foundation
import LaunchTool
import LaunchTrace
import Testing

@Suite("Policy")
struct PolicyTests {
    static func budgets(policy: String) throws -> BudgetFile {
        try BudgetFile.parse(
            Data(#"{"schemaVersion": 1, "rules": [], "policy": \#(policy)}"#.utf8), file: "budgets.json")
    }

    @Test("A policy parses with levels by kind, phase overrides, a minimum cost and allowed functions")
    func parse() throws {
        let policy = try #require(
            try Self.budgets(
                policy: #"""
                    {"beforeFirstFrame": {"fileIO": "error", "network": "error", "sleep": "warn"},
                     "afterFirstFrame": {"fileIO": "warn"},
                     "phases": {"firstVisibleWindow": {"cpu": "warn"}},
                     "minimumCost": "10ms", "allow": ["ThumbnailCache.warmSynchronously"]}
                    """#
            ).policy)
        #expect(policy.level(of: .fileIO, in: .didFinishLaunching) == .error)
        #expect(policy.level(of: .fileIO, in: .didBecomeActive) == .warn)
        #expect(policy.level(of: .cpu, in: .firstVisibleWindow) == .warn)
        #expect(policy.level(of: .cpu, in: .didFinishLaunching) == nil)
        #expect(policy.minimumCostNs == 10_000_000)
        #expect(
            policy.allowance(for: "ThumbnailCache.warmSynchronously(megabytes:)") == "ThumbnailCache.warmSynchronously")
        #expect(policy.allowance(for: "closure #1 in ThumbnailCache.warmSynchronously(megabytes:)") != nil)
        #expect(policy.allowance(for: "CatalogStore.load()") == nil)
    }

    @Test(
        "Bad policies name the JSON path, the value and what was expected",
        arguments: [
            (
                #"{"beforeFirstFrame": {"fileIo": "error"}}"#,
                "at policy.beforeFirstFrame.fileIo: The key \"fileIo\" is not a kind of main-thread work", "fileIO"
            ),
            (
                #"{"beforeFirstFrame": {"fileIO": "fatal"}}"#,
                "at policy.beforeFirstFrame.fileIO: the value \"fatal\" is not valid. Expected \"warn\" or \"error\".",
                nil
            ),
            (
                #"{"phases": {"didFinishLaunch": {"cpu": "warn"}}}"#,
                "at policy.phases.didFinishLaunch: The key \"didFinishLaunch\" is not a phase", "didFinishLaunching"
            ),
            (
                #"{"minimumCost": "10MB"}"#,
                "at policy.minimumCost: the value \"10MB\" is not valid. Expected a duration", nil
            ),
            (#"{"allow": ["ok", 3]}"#, "at policy.allow[1]: the value 3 is not valid.", nil),
            (#"{"alow": []}"#, "at policy.alow: The key \"alow\" is not known", "allow"),
            (#"["fileIO"]"#, "at policy: the value an array is not valid.", nil),
        ] as [(String, String, String?)])
    func invalid(policy: String, message: String, suggestion: String?) {
        #expect {
            try Self.budgets(policy: policy)
        } throws: { error in
            guard let error = error as? LaunchProfilerError, let problem = error.problems.first else { return false }
            return error.problems.count == 1 && problem.description.hasPrefix("budgets.json: " + message)
                && problem.context.suggestion == suggestion
                && error.description.hasPrefix("budgets.json: at policy")
        }
    }

    @Test("Violations follow the levels, skip allowed and cheap findings, and decide the exit code")
    func violations() throws {
        let (summary, _) = try FindingsFixture.run()
        let findings = try FindingsFixture.findings()
        let budgets = try Self.budgets(
            policy: #"""
                {"beforeFirstFrame": {"fileIO": "error", "network": "warn", "sleep": "warn"}, "minimumCost": "25ms",
                 "allow": ["ThumbnailCache"]}
                """#)
        let verdicts = PolicyEvaluator.evaluate(budgets.policy, findings: findings)
        #expect(
            verdicts.map(\.findingID) == [
                "network:didFinishLaunching:RemoteConfig.fetchBlocking()",
                "fileIO:didFinishLaunching:CatalogStore.load()",
            ])
        #expect(verdicts.map(\.level) == [.warn, .error])
        #expect(
            verdicts[1].message.hasPrefix(
                "CatalogStore.load() does fileIO work on the main thread in didFinishLaunching (before the first frame): 30.0 ms median in 3 of 3 warm launches."
            ))
        var evaluation = BudgetEvaluator().evaluate(budgets, summary: summary)
        #expect(evaluation.exitCode == .success)
        evaluation.policyVerdicts = verdicts
        #expect(evaluation.exitCode == .budgetExceeded)
        evaluation.policyVerdicts = verdicts.filter { $0.level == .warn }
        #expect(evaluation.exitCode == .success)
    }

    @Test("A policy with nothing to check is missing, never a silent pass")
    func missing() throws {
        let budgets = try Self.budgets(policy: #"{"beforeFirstFrame": {"fileIO": "error"}}"#)
        let verdicts = PolicyEvaluator.evaluate(budgets.policy, findings: nil)
        #expect(verdicts.map(\.status) == [.missing])
        #expect(verdicts.first?.failsCheck == true)
        #expect(PolicyEvaluator.evaluate(FindingsPolicy(), findings: nil).isEmpty)
        #expect(PolicyEvaluator.evaluate(nil, findings: try FindingsFixture.findings()).isEmpty)
    }

    @Test("Evaluations with policy verdicts round-trip; older JSON without them still decodes")
    func evaluationJSON() throws {
        let evaluation = BudgetEvaluation(
            verdicts: [], launchCount: 2, completedLaunchCount: 2,
            policyVerdicts: [
                PolicyVerdict(status: .fail, level: .error, findingID: "fileIO:didFinishLaunching:X.y()", message: "X.")
            ])
        let data = try TraceJSON.makeEncoder().encode(evaluation)
        #expect(try JSONDecoder().decode(BudgetEvaluation.self, from: data) == evaluation)
        let old = try JSONDecoder().decode(
            BudgetEvaluation.self, from: Data(#"{"verdicts": [], "launchCount": 1, "completedLaunchCount": 1}"#.utf8))
        #expect(old.policyVerdicts.isEmpty)
    }

    @Test("Stall and blocking-call metrics come from the main-thread activity")
    func metrics() throws {
        let values = MetricExtractor.values(of: try FindingsFixture.trace(runIndex: 1))
        #expect(values[.stallCount] == 2)
        #expect(values[.longestStall] == 200_000_000)
        #expect(values[.blockingCalls(.fileIO)] == 3)
        #expect(values[.blockingTime(.fileIO)] == 95_000_000)
        #expect(values[.blockingCalls(.network)] == 1)
        #expect(values[.blockingCalls(.sleep)] == 1)
        #expect(values[.blockingCalls(.lock)] == 0)
        #expect(values[.blockingTime(.wait)] == 0)
    }
}
