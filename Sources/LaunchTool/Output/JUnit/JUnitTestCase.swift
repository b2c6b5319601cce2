import LaunchTrace

/// One `<testcase>` of a JUnit report: a budget rule, a policy verdict or a scenario's
/// launches, with the outcome CI test views read.
///
/// Error-level failures are failures; warn-level failures pass (warnings never change the exit
/// code) with their message in `<system-out>`; inconclusive rules are skipped; launches that
/// crashed or failed (exit code 3) are errors.
package struct JUnitTestCase: Sendable, Equatable {
    /// What a CI test view shows for the case.
    package enum Outcome: String, Sendable, Equatable {
        /// Passed (possibly with a warning in its output).
        case passed
        /// An error-level failure: `<failure>`.
        case failed
        /// Inconclusive: `<skipped>`.
        case skipped
        /// Launches crashed or failed, or none completed: `<error>`.
        case error
    }

    /// `classname`: `launchprof.<scenario>` for rules and launches, `launchprof.policy.<scenario>`
    /// for policy verdicts.
    package var className: String
    /// `name`: the rule's title, the policy violation, or `launches`.
    package var name: String
    /// `time` in seconds: the observed statistic for time metrics, the median cost for policy
    /// verdicts, the launches' wall time for launches, 0 otherwise.
    package var seconds: Double
    /// The outcome.
    package var outcome: Outcome
    /// The failure, skip, error or warning type (`error`, `warn`, `inconclusive`, a launch
    /// outcome such as `crashed`).
    package var type: String
    /// The verdict's message.
    package var message: String
    /// Lines for `<system-out>`: verdict, level, observed value, limit, message.
    package var output: [String]
    /// Lines for `<system-err>` (the last standard error of failed launches); none by default.
    package var errorOutput: [String] = []

    /// Creates a case from its parts.
    package init(
        className: String, name: String, seconds: Double, outcome: Outcome, type: String, message: String,
        output: [String], errorOutput: [String] = []
    ) {
        self.className = className
        self.name = name
        self.seconds = seconds
        self.outcome = outcome
        self.type = type
        self.message = message
        self.output = output
        self.errorOutput = errorOutput
    }

    /// The case of one budget rule's verdict.
    package init(rule verdict: RuleVerdict, suite: String) {
        let rule = verdict.rule
        className = "\(suite).\(rule.scenario.rawValue)"
        name = rule.title
        seconds = rule.kind == .time ? max(0, (verdict.observed ?? 0) / 1e9) : 0
        let failed = verdict.status == .fail || verdict.status == .missing
        outcome = verdict.status == .inconclusive ? .skipped : (failed && rule.level == .error ? .failed : .passed)
        type = verdict.status == .inconclusive ? "inconclusive" : rule.level.rawValue
        message = verdict.message
        output = [
            "verdict: \(verdict.status.rawValue)"
                + (failed && rule.level == .warn ? " (warning: does not change the exit code)" : ""),
            "level: \(rule.level.rawValue)",
            "observed: \(ReportText.value(verdict.observed, rule.kind))",
            "limit: \(ReportText.budget(rule))",
            verdict.message,
        ]
    }

    /// The case of one policy verdict (a violation, or a policy that could not be checked).
    package init(policy verdict: PolicyVerdict, suite: String) {
        className = "\(suite).policy" + (verdict.scenario.map { ".\($0)" } ?? "")
        let phase = verdict.phase?.rawValue ?? "launch"
        let what = verdict.kind.map { "\($0.rawValue) in \(phase)" } ?? "main-thread work"
        name = "policy: \(what)" + (verdict.function.map { ": \($0)" } ?? "")
        seconds = max(0, (verdict.medianCostNs ?? 0) / 1e9)
        outcome = verdict.failsCheck ? .failed : .passed
        type = verdict.level.rawValue
        message = verdict.message
        output = [
            "verdict: \(verdict.status.rawValue)"
                + (verdict.failsCheck ? "" : " (warning: does not change the exit code)"),
            "level: \(verdict.level.rawValue)",
            "observed: \(ReportText.value(verdict.medianCostNs, .time)) median per launch",
            verdict.message,
        ]
    }
}
