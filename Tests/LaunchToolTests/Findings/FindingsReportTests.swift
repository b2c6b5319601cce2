import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

@Suite("Findings in reports")
struct FindingsReportTests {
    /// The golden findings reports.
    let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/findings")

    static func reportInputs() throws -> (RunSummary, BudgetEvaluation) {
        var (summary, _) = try FindingsFixture.run()
        summary.findings = try FindingsFixture.findings()
        let budgets = try BudgetFile.parse(
            Data(
                #"""
                {"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "limit": "1s"}],
                 "policy": {"beforeFirstFrame": {"fileIO": "error", "sleep": "warn"}, "allow": ["ThumbnailCache"]}}
                """#.utf8), file: "budgets.json")
        var evaluation = BudgetEvaluator().evaluate(budgets, summary: summary)
        evaluation.policyVerdicts = PolicyEvaluator.evaluate(budgets.policy, findings: summary.findings)
        return (summary, evaluation)
    }

    @Test("Text report: top three findings with one line of advice, where the rest are, policy violations, exit code 2")
    func text() throws {
        let (summary, evaluation) = try Self.reportInputs()
        #expect(evaluation.exitCode == .budgetExceeded)
        let rendered = TextReport().render(summary: summary, evaluation: evaluation)
        #expect(rendered.contains("Result: budget exceeded (exit 2)"))
        #expect(rendered.contains("  … 4 more: the top 5 with --verbose, every one in the JSON report.\n"))
        goldens.assertMatches(rendered, "report-findings.txt")
    }

    @Test("Verbose text report: top five findings, each policy verdict with its message")
    func verboseText() throws {
        let (summary, evaluation) = try Self.reportInputs()
        let rendered = TextReport(verbose: true).render(summary: summary, evaluation: evaluation)
        #expect(rendered.contains("  5. ") && rendered.contains("  … 2 more in the JSON report.\n"))
        goldens.assertMatches(rendered, "report-findings-verbose.txt")
    }

    @Test("Text report: an advice given above is referred to by its number, not printed again")
    func repeatedAdvice() throws {
        let (summary, evaluation) = try Self.reportInputs()
        var findings = try #require(summary.findings)
        let advice = findings.findings[0].advice
        findings.findings[2].advice = advice
        let rendered = FindingsSection.text(findings: findings, policyVerdicts: evaluation.policyVerdicts)
        let shown = advice.rewrite.isEmpty ? advice.summary : advice.rewrite
        #expect(rendered.components(separatedBy: "-> \(shown)\n").count == 2, "\(rendered)")
        let lines = rendered.split(separator: "\n").map(String.init)
        let third = try #require(lines.firstIndex { $0.hasPrefix("  3. ") })
        #expect(lines[third + 1] == "     -> the same advice as 1.", "\(rendered)")
        let markdown = FindingsSection.markdown(findings: findings, policyVerdicts: [])
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Cost") }
        #expect(rows.count > 2 && rows[2].hasSuffix("| As row 1. |"), "\(markdown)")
    }

    @Test("Markdown section: a short, escaped list")
    func markdown() throws {
        let (summary, evaluation) = try Self.reportInputs()
        var findings = try #require(summary.findings)
        findings.findings[0].site.function = "<script>alert(1)</script>|x"
        let rendered = FindingsSection.markdown(findings: findings, policyVerdicts: evaluation.policyVerdicts)
        #expect(!rendered.contains("<script>"))
        goldens.assertMatches(rendered, "report-findings.md")
    }

    @Test("JSON report: every finding under summary.findings, violations under evaluation.policyVerdicts")
    func json() throws {
        let (summary, evaluation) = try Self.reportInputs()
        let rendered = try JSONReport(summary: summary, evaluation: evaluation).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        let findings = try #require((object["summary"] as? [String: Any])?["findings"] as? [String: Any])
        #expect((findings["findings"] as? [Any])?.count == summary.findings?.findings.count)
        let verdicts = try #require((object["evaluation"] as? [String: Any])?["policyVerdicts"] as? [Any])
        #expect(verdicts.count == evaluation.policyVerdicts.count)
        #expect(try JSONDecoder().decode(JSONReport.self, from: Data(rendered.utf8)).summary == summary)
    }
}
