import LaunchTrace

/// The verdict of a budget rule against the base build of `launchprof compare`
/// (`"limit": "+3%", "baseline": "base"`): head may be at most that much slower than base.
///
/// The rule passes when the whole interval of the effect is at or under the limit, fails
/// when the whole interval is over it, and is inconclusive otherwise.
package struct BaseBudgetVerdict: Codable, Sendable, Equatable {
    /// The baseline name that means "the base build of this comparison".
    package static let baseBaselineName = "base"

    /// The rule.
    package var rule: BudgetRule
    /// Its outcome.
    package var status: VerdictStatus
    /// The effect head/base − 1, when measured.
    package var effect: Double?
    /// Its interval, when measured.
    package var effectInterval: ConfidenceInterval?
    /// A whole sentence saying why.
    package var message: String

    /// Evaluates a relative `rule` against the comparison `test` of `scenario`.
    package init(rule: BudgetRule, test: SequentialComparison, scenario: Scenario) {
        self.rule = rule
        let comparison = test.metrics.first { $0.metric == rule.metric }
        guard case .relative(let percent, let text) = rule.limit, rule.scenario == scenario,
            let comparison, let interval = comparison.effectInterval
        else {
            status = .missing
            message =
                "The comparison has no \(rule.scenario.rawValue) effect of \(rule.metric) to check against \(rule.limit.text)."
            return
        }
        effect = comparison.effect
        effectInterval = interval
        let limit = percent / 100
        let range = "\(Self.percent(interval.lower)) to \(Self.percent(interval.upper))"
        if interval.upper <= limit {
            status = .pass
            message = "\(rule.metric) of head is \(range) against base, within \(text)."
        } else if interval.lower > limit {
            status = .fail
            message = "\(rule.metric) of head is \(range) against base, over \(text)."
        } else {
            status = .inconclusive
            message = "\(rule.metric) of head is \(range) against base, which straddles \(text)."
        }
    }

    /// A fraction as a signed percentage with one decimal: `+4.9%`, `-0.3%`, `+0.0%`.
    package static func percent(_ fraction: Double) -> String {
        let value = (fraction * 1000).rounded() / 10
        return value == 0 ? "+0.0%" : (value > 0 ? "+" : "") + "\(value)%"
    }

    /// The rules of `budgets` that compare against the base build.
    package static func rules(in budgets: BudgetFile) -> [BudgetRule] {
        budgets.rules.filter { $0.limit.isRelative && $0.baseline == baseBaselineName }
    }
}
