import LaunchRunner
import LaunchTrace

extension JUnitTestCase {
    /// The case of one scenario's launches, named `launches`, so that a run without budgets
    /// still has a case and a run whose launches failed says so.
    ///
    /// It is an `<error>` when the run failed with exit code 3 (more launches failed than
    /// `--allow-failed` tolerates, or none completed) and some of these launches failed or none
    /// completed; failures the run tolerates pass with a warning. Its time is the launches'
    /// wall time.
    package init(launches: [LaunchRecord], scenario: Scenario, evaluation: BudgetEvaluation, suite: String) {
        let failed = launches.filter { $0.outcome != .completed }
        let runFailed = evaluation.exitCode == .launchFailed
        let isError = runFailed && (!failed.isEmpty || launches.isEmpty)
        let counts = Self.countsLine(launches)
        self.init(
            className: "\(suite).\(scenario.rawValue)", name: "launches",
            seconds: Double(launches.reduce(Int64(0)) { $0.saturatingAdd(max(0, $1.wallNs)) }) / 1e9,
            outcome: isError ? .error : .passed,
            type: failed.first.map { $0.outcome.rawValue } ?? "noLaunch",
            message: isError ? Self.errorMessage(launches, failed: failed.count, evaluation) : counts,
            output: [counts]
                + failed.map { record in
                    "launch \(record.index): \(ReportText.outcomeName(record.outcome))"
                        + (record.message.map { ": \($0)" } ?? "")
                }
                + (!failed.isEmpty && !runFailed
                    ? [
                        "warning: tolerated by --allow-failed \(evaluation.allowedFailures) (does not change the exit code)"
                    ]
                    : []),
            errorOutput: failed.compactMap { record in
                record.stderrTail.map { "launch \(record.index) standard error:\n\($0)" }
            }
        )
    }

    /// Why the launches fail the run: none ran, none completed, or more failed than tolerated.
    static func errorMessage(_ launches: [LaunchRecord], failed: Int, _ evaluation: BudgetEvaluation) -> String {
        let counts = countsLine(launches)
        if launches.isEmpty { return "No launch ran." }
        if failed == launches.count { return "No launch completed (\(counts))." }
        return
            "\(failed) of \(launches.count) launches failed, more than --allow-failed \(evaluation.allowedFailures) tolerates (\(counts))."
    }

    /// `3 launches: 1 completed, 1 crashed, 1 timed out`.
    static func countsLine(_ launches: [LaunchRecord]) -> String {
        let counts = launches.reduce(into: [LaunchRecord.Outcome: Int]()) { $0[$1.outcome, default: 0] += 1 }
        let parts = (ReportText.outcomeOrder + [.interrupted]).compactMap { outcome in
            counts[outcome].map { "\($0) \(ReportText.outcomeName(outcome))" }
        }
        let noun = launches.count == 1 ? "launch" : "launches"
        return "\(launches.count) \(noun)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// One case per scenario the launches ran under (in order of first launch), or one for
    /// the run's scenario when there were none.
    static func launchCases(summary: RunSummary, evaluation: BudgetEvaluation, suite: String) -> [JUnitTestCase] {
        var scenarios: [Scenario] = []
        for launch in summary.launches where !scenarios.contains(launch.scenario) { scenarios.append(launch.scenario) }
        if scenarios.isEmpty { scenarios = [summary.run.scenario] }
        return scenarios.map { scenario in
            JUnitTestCase(
                launches: summary.launches.filter { $0.scenario == scenario }, scenario: scenario,
                evaluation: evaluation, suite: suite)
        }
    }
}
