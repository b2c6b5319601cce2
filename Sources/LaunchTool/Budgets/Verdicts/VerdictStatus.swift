/// The outcome of one budget rule.
package enum VerdictStatus: String, Codable, Sendable, CaseIterable {
    /// Within the budget.
    case pass
    /// Over the budget: the whole confidence interval is over an absolute limit, or a
    /// regression against the baseline is significant and larger than the relative limit.
    case fail
    /// Cannot tell yet: the confidence interval straddles the limit, or a change over the
    /// relative limit is not significant. More launches may decide it.
    case inconclusive
    /// The run has no data for the rule: no completed launch of the scenario, a metric no
    /// launch reported, or a missing baseline. Never a silent pass.
    case missing
}
