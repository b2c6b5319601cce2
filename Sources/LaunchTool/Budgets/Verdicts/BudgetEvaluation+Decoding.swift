extension BudgetEvaluation {
    enum EvaluationKeys: String, CodingKey {
        case verdicts, launchCount, completedLaunchCount, policyVerdicts, allowedFailures
    }

    /// Decodes an evaluation; reports written before policies existed have no `policyVerdicts`,
    /// and those written before `--allow-failed` no `allowedFailures` (0).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EvaluationKeys.self)
        self.init(
            verdicts: try container.decode([RuleVerdict].self, forKey: .verdicts),
            launchCount: try container.decode(Int.self, forKey: .launchCount),
            completedLaunchCount: try container.decode(Int.self, forKey: .completedLaunchCount),
            policyVerdicts: try container.decodeIfPresent([PolicyVerdict].self, forKey: .policyVerdicts) ?? [],
            allowedFailures: try container.decodeIfPresent(Int.self, forKey: .allowedFailures) ?? 0
        )
    }

    /// Encodes every field.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EvaluationKeys.self)
        try container.encode(verdicts, forKey: .verdicts)
        try container.encode(launchCount, forKey: .launchCount)
        try container.encode(completedLaunchCount, forKey: .completedLaunchCount)
        try container.encode(policyVerdicts, forKey: .policyVerdicts)
        try container.encode(allowedFailures, forKey: .allowedFailures)
    }
}
