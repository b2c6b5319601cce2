import LaunchTrace

extension BudgetRule {
    /// What a rule checks, apart from its limit: two rules of one file with the same identity
    /// would judge the same number twice against different (or equal) limits, so a file may
    /// hold each identity once (docs/budgets.md, "Duplicate rules").
    ///
    /// The level is part of it: a `warn` rule below an `error` rule on the same statistic is a
    /// deliberate early warning. The baseline is too (`nil` for an absolute limit, the
    /// saved baseline's name, or ``historyBaselineName(_:)`` for a rule against history), so a
    /// limit against `main` and one against `release` are different rules.
    struct Identity: Hashable, Sendable {
        var metric: MetricName
        var statistic: Statistic
        var scenario: Scenario
        var baseline: String?
        var level: BudgetLevel
    }

    /// The rule's ``Identity``.
    var identity: Identity {
        Identity(metric: metric, statistic: statistic, scenario: scenario, baseline: baseline, level: level)
    }

    /// What the rule checks, for messages: `the p90 of timeToFirstFrame in warm launches
    /// (absolute limit, level error)`.
    var identityDescription: String {
        let against =
            history.map { "against the last \($0) recorded runs" }
            ?? baseline.map { "against the baseline \"\($0)\"" } ?? "absolute limit"
        return
            "the \(statistic.rawValue) of \(metric) in \(scenario.rawValue) launches (\(against), level \(level.rawValue))"
    }
}
