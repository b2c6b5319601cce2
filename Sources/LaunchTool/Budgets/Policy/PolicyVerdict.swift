import LaunchTrace

/// A finding that breaks the policy, or a policy that could not be checked.
package struct PolicyVerdict: Codable, Sendable, Equatable {
    /// `fail` for a violation; `missing` when no launch's main thread was observed.
    package var status: VerdictStatus
    /// The level of the restriction broken (for `missing`, the highest level in the policy).
    package var level: BudgetLevel
    /// The finding's id (`kind:phase:function`); nil for `missing`.
    package var findingID: String?
    /// The scenario of the launches.
    package var scenario: String?
    /// The function.
    package var function: String?
    /// The kind of work.
    package var kind: BlockingKind?
    /// The phase.
    package var phase: LaunchPhase?
    /// Median cost per launch it appeared in, in nanoseconds.
    package var medianCostNs: Double?
    /// One or two sentences.
    package var message: String

    /// Creates a verdict.
    package init(
        status: VerdictStatus, level: BudgetLevel, findingID: String? = nil, scenario: String? = nil,
        function: String? = nil,
        kind: BlockingKind? = nil, phase: LaunchPhase? = nil, medianCostNs: Double? = nil, message: String
    ) {
        self.status = status
        self.level = level
        self.findingID = findingID
        self.scenario = scenario
        self.function = function
        self.kind = kind
        self.phase = phase
        self.medianCostNs = medianCostNs
        self.message = message
    }

    /// Whether it fails the check (exit code 2): an error-level violation, or an error-level
    /// policy that could not be checked.
    package var failsCheck: Bool { level == .error && (status == .fail || status == .missing) }
}
