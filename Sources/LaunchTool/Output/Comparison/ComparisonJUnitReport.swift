import LaunchTrace

/// `launchprof compare` as JUnit XML (a ``JUnitDocument``): one test case per build's launches
/// (an `<error>` for the build that failed to launch), one per compared metric (a regression is
/// a failure, inconclusive is skipped) and one per rule against base.
///
/// A metric's or a rule's time is head's median of the metric in seconds for time metrics, 0
/// otherwise.
package struct ComparisonJUnitReport: Sendable, Equatable {
    /// The name of the test suite.
    package var suiteName: String

    /// Creates a JUnit report.
    package init(suiteName: String = "launchprof.compare") { self.suiteName = suiteName }

    /// The test cases: base's and head's launches, the metrics, then the rules against base.
    package func cases(_ outcome: ComparisonOutcome) -> [JUnitTestCase] {
        [launchCase(.base, outcome), launchCase(.head, outcome)]
            + outcome.test.metrics.map { metricCase(ComparisonRow($0), outcome) }
            + outcome.budgets.map { budgetCase($0, outcome) }
    }

    /// Renders the XML document, ending with a newline.
    package func render(_ outcome: ComparisonOutcome) -> String {
        JUnitDocument(
            name: "\(suiteName).\(outcome.scenario.rawValue)", seconds: nil,
            properties: [
                .init("result", ComparisonRow.headline(outcome)),
                .init("exitCode", "\(outcome.exitCode.rawValue)"),
                .init("scenario", outcome.scenario.rawValue),
                .init("seed", "\(outcome.seed)"),
            ],
            cases: cases(outcome)
        ).render()
    }

    private func launchCase(_ build: ComparisonBuild, _ outcome: ComparisonOutcome) -> JUnitTestCase {
        let compared = build == .base ? outcome.base : outcome.head
        let failed = outcome.failedBuild == build
        let line =
            "\(compared.launches) launches of \(([compared.executable] + compared.arguments).joined(separator: " "))"
        return JUnitTestCase(
            className: "\(suiteName).launches", name: build.rawValue, seconds: 0, outcome: failed ? .error : .passed,
            type: "launchFailed", message: failed ? ComparisonRow.headline(outcome) : line,
            output: [line] + (failed ? [ComparisonRow.headline(outcome)] : []))
    }

    private func metricCase(_ row: ComparisonRow, _ outcome: ComparisonOutcome) -> JUnitTestCase {
        let message = "\(row.metric) \(row.decision.rawValue): \(row.effect), interval \(row.interval)"
        let result: JUnitTestCase.Outcome =
            switch row.decision {
            case .regressed: .failed
            case .inconclusive: .skipped
            case .same, .improved: .passed
            }
        return JUnitTestCase(
            className: "\(suiteName).metric", name: row.metric, seconds: headSeconds(row.metric, outcome),
            outcome: result, type: row.decision.rawValue, message: message,
            output: [message, "base median: \(row.baseMedian)", "head median: \(row.headMedian)"])
    }

    private func budgetCase(_ verdict: BaseBudgetVerdict, _ outcome: ComparisonOutcome) -> JUnitTestCase {
        let result: JUnitTestCase.Outcome =
            switch verdict.status {
            case .fail, .missing: .failed
            case .inconclusive: .skipped
            case .pass: .passed
            }
        return JUnitTestCase(
            className: "\(suiteName).budget", name: verdict.rule.title,
            seconds: headSeconds(verdict.rule.metric.rawValue, outcome), outcome: result,
            type: verdict.rule.level.rawValue, message: verdict.message,
            output: ["verdict: \(verdict.status.rawValue)", "level: \(verdict.rule.level.rawValue)", verdict.message])
    }

    /// Head's median of a time metric in seconds; 0 for other metrics or without samples.
    private func headSeconds(_ metric: String, _ outcome: ComparisonOutcome) -> Double {
        guard let compared = outcome.test.metrics.first(where: { $0.metric.rawValue == metric }),
            (MetricCatalog.kind(of: compared.metric) ?? .time) == .time, !compared.headSamples.isEmpty
        else { return 0 }
        return max(0, Descriptive.median(compared.headSamples) / 1e9)
    }
}
