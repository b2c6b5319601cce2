import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `compare`'s text, Markdown, JUnit and JSON of a deterministic comparison against golden
/// files (record with `LAUNCHPROF_RECORD_GOLDENS=1`).
@Suite("Comparison reports")
struct ComparisonReportTests {
    let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/Golden")

    /// Head 5 % slower in time to first frame, the same in didFinishLaunching, with a rule
    /// against base and the fixture run's findings new in head.
    static func outcome() throws -> ComparisonOutcome {
        var test = SequentialComparison(
            metrics: [.timeToFirstFrame, .phase(.didFinishLaunching)], settings: ComparisonSettings())
        let wobble = [1.0, 1.01, 0.99, 1.02, 0.98, 1.0, 1.015, 0.985]
        for block in 0..<8 {
            func values(_ ttff: Double, _ dfl: Double, _ k: Int) -> [MetricName: Double] {
                let w = wobble[(block + k) % wobble.count]
                return [.timeToFirstFrame: ttff * w, .phase(.didFinishLaunching): dfl * (1 + (w - 1) / 10)]
            }
            test.add(
                base: [values(200e6, 100e6, 0), values(200e6, 100e6, 3)],
                head: [values(210e6, 100e6, 1), values(210e6, 100e6, 2)])
        }
        let rule = BudgetRule(
            index: 0, metric: .timeToFirstFrame, kind: .time, statistic: .median,
            limit: try BudgetLimit(parsing: "+3%"), scenario: .warm, level: .error, baseline: "base")
        let input = try ReportFixture.input()
        var summary = input.summary
        FindingsStep.attach(to: &summary, traces: input.traces)
        var head = try #require(summary.findings)
        var base = head
        base.findings.removeFirst()
        head.findings.removeLast()
        func build(_ name: String) -> ComparedBuild {
            ComparedBuild(
                executable: "/builds/\(name)/MyApp", arguments: [], environment: [:], launches: 16,
                folder: "compare/\(name)")
        }
        return ComparisonOutcome(
            base: build("base"), head: build("head"), scenario: .warm, seed: 42, test: test, failedBuild: nil,
            budgets: [BaseBudgetVerdict(rule: rule, test: test, scenario: .warm)],
            findings: FindingsComparison(base: base, head: head)
        )
    }

    @Test("the outcome: time to first frame regressed, didFinishLaunching the same, the rule decided")
    func outcomeShape() throws {
        let outcome = try Self.outcome()
        #expect(outcome.test.metrics.map(\.decision) == [.regressed, .same])
        #expect(outcome.exitCode == .budgetExceeded)
        #expect(outcome.budgets.map(\.status) != [.missing])
        #expect(outcome.findings.new.allSatisfy { $0.confidence != .low })
    }

    @Test("the text report ends with the result and its exit code, as run's does")
    func resultLine() throws {
        let regressed = try Self.outcome()
        func lastLine(_ outcome: ComparisonOutcome) -> String {
            ComparisonTextReport().render(outcome).split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(lastLine(regressed) == "Result: head regressed (exit 2)")
        var failed = regressed
        failed.failedBuild = .head
        #expect(lastLine(failed) == "Result: head failed to launch (exit 3)")
        var interrupted = regressed
        interrupted.interruptedBy = 15
        #expect(lastLine(interrupted) == "Result: interrupted (exit 130)")
        var same = regressed
        same.budgets = []
        same.test = SequentialComparison(metrics: [.timeToFirstFrame], settings: ComparisonSettings(minBlocks: 1))
        for block in 0..<20 {
            let wobble = block % 2 == 0 ? 1.001 : 0.999
            let base: [[MetricName: Double]] = [[.timeToFirstFrame: 100], [.timeToFirstFrame: 101]]
            same.test.add(base: base, head: [[.timeToFirstFrame: 100 * wobble], [.timeToFirstFrame: 101]])
        }
        #expect(same.decision == .same)
        #expect(lastLine(same) == "Result: head is the same as base (exit 0)")
    }

    @Test(
        "text, Markdown, JUnit and JSON",
        arguments: ReportFormat.printed.filter { ![.bmf, .githubBenchmark].contains($0) })
    func rendered(format: ReportFormat) throws {
        let text = try format.render(comparison: Self.outcome(), colored: false)
        let names = [
            "text": "compare.txt", "json": "compare.json", "markdown": "compare.md", "junit": "compare.xml",
            "github": "compare-github.txt",
        ]
        let name = try #require(names[format.rawValue], "no golden file for \(format)")
        goldens.assertMatches(text, name)
        if format == .json {
            let file = try ReportFixture.temporaryDirectory().appendingPathComponent("compare.json")
            try Data(text.utf8).write(to: file)
            let problems = try JSONSchemaValidator.validate([file], against: JSONSchemaValidator.schema("comparison"))
            #expect(problems[file.path] == [], "compare --format json against schemas/comparison.schema.json")
        }
    }

    @Test(
        "the dashboards' formats are one run's: compare refuses them with a sentence",
        arguments: [ReportFormat.bmf, .githubBenchmark])
    func dashboardsRefused(format: ReportFormat) throws {
        let error = #expect(throws: LaunchProfilerError.self) {
            try format.render(comparison: Self.outcome(), colored: false)
        }
        #expect(error?.message.contains("use it with run or check") == true)
    }

    @Test("comparison.json reads back equal")
    func jsonRoundTrip() throws {
        let outcome = try Self.outcome()
        let decoded = try JSONDecoder().decode(ComparisonOutcome.self, from: Data(outcome.json().utf8))
        #expect(decoded == outcome)
    }
}
