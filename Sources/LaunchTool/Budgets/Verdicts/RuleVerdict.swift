/// The verdict on one budget rule, with the numbers behind it.
package struct RuleVerdict: Codable, Sendable, Equatable {
    /// The rule.
    package var rule: BudgetRule
    /// The outcome.
    package var status: VerdictStatus
    /// Number of samples the statistic was computed from.
    package var sampleCount: Int
    /// The rule's statistic of this run, in the metric's base unit.
    package var observed: Double?
    /// Bootstrap confidence interval of ``observed``.
    package var interval: ConfidenceInterval?
    /// The value the statistic may not exceed, in the base unit: the absolute limit, or
    /// the baseline's statistic grown by the relative limit.
    package var threshold: Double?
    /// Relative rules: the baseline's statistic.
    package var baselineValue: Double?
    /// Relative rules: `(observed − baseline) / baseline`, e.g. 0.12 for 12 % slower.
    package var relativeChange: Double?
    /// Relative rules: two-sided Mann–Whitney U p-value of this run against the baseline.
    package var pValue: Double?
    /// Relative rules: Hodges–Lehmann shift from the baseline to this run, in the base unit.
    package var shift: Double?
    /// Relative rules: a significant change for the better (shown apart from failures).
    package var isImprovement: Bool
    /// One or two sentences explaining the verdict.
    package var message: String

    /// Creates a verdict.
    package init(
        rule: BudgetRule, status: VerdictStatus, sampleCount: Int = 0, observed: Double? = nil,
        interval: ConfidenceInterval? = nil, threshold: Double? = nil, baselineValue: Double? = nil,
        relativeChange: Double? = nil, pValue: Double? = nil, shift: Double? = nil,
        isImprovement: Bool = false, message: String
    ) {
        self.rule = rule
        self.status = status
        self.sampleCount = sampleCount
        self.observed = observed
        self.interval = interval
        self.threshold = threshold
        self.baselineValue = baselineValue
        self.relativeChange = relativeChange
        self.pValue = pValue
        self.shift = shift
        self.isImprovement = isImprovement
        self.message = message
    }

    /// Whether this verdict fails the check: an error-level rule that failed or is missing.
    package var failsCheck: Bool {
        rule.level == .error && (status == .fail || status == .missing)
    }
}
