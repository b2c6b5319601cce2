import Foundation
import LaunchTrace

/// A JUnit XML report for CI test views (Jenkins' `junit` step and xUnit plugin, GitLab, GitHub
/// report actions): one `<testcase>` per budget rule, one per policy verdict and one per
/// scenario's launches.
///
/// The document is a ``JUnitDocument``: it validates against Jenkins' `junit-10.xsd` and Maven
/// Surefire's report schema. Error-level failures are `<failure>`s, so the failure count agrees
/// with exit code 2; warn-level failures are passing cases whose `<system-out>` carries the
/// warning (warnings never change the outcome); inconclusive rules are `<skipped>`; launches
/// that failed a run (exit code 3) are an `<error>` case, so a run without budgets is never an
/// empty suite. Every element carries `time` in seconds with at most three decimals (see
/// ``JUnitTestCase/seconds``; the suite's is the launches' wall time). Every name is escaped.
///
/// ```swift
/// let xml = JUnitReport().render(summary: summary, evaluation: evaluation)
/// ```
package struct JUnitReport: Sendable, Equatable {
    /// The name of the test suite; `launchprof`.
    package var suiteName: String

    /// Creates a JUnit report.
    package init(suiteName: String = "launchprof") { self.suiteName = suiteName }

    /// The test cases of the verdicts: the rules in file order, then the policy verdicts.
    package func cases(_ evaluation: BudgetEvaluation) -> [JUnitTestCase] {
        evaluation.verdicts.map { JUnitTestCase(rule: $0, suite: suiteName) }
            + evaluation.policyVerdicts.map { JUnitTestCase(policy: $0, suite: suiteName) }
    }

    /// Every test case: the launches of each scenario, then ``cases(_:)``.
    package func cases(summary: RunSummary, evaluation: BudgetEvaluation) -> [JUnitTestCase] {
        JUnitTestCase.launchCases(summary: summary, evaluation: evaluation, suite: suiteName) + cases(evaluation)
    }

    /// Renders the XML document, ending with a newline.
    package func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        let wallNs = summary.launches.reduce(Int64(0)) { $0.saturatingAdd(max(0, $1.wallNs)) }
        let properties: [JUnitDocument.Property] = [
            .init("app", summary.run.appPath),
            .init("scenario", summary.run.scenario.rawValue),
            .init("timestamp", summary.run.date),
            .init("launches", ReportText.launchesLine(summary)),
            .init("exitCode", "\(evaluation.exitCode.rawValue)"),
            .init("result", ReportText.result(evaluation.exitCode)),
        ]
        return JUnitDocument(
            name: "\(suiteName).\(summary.run.displayName)", seconds: Double(wallNs) / 1e9,
            properties: properties, cases: cases(summary: summary, evaluation: evaluation)
        ).render()
    }
}
