import LaunchTrace

/// Values a budget rule takes when it does not set them.
package struct BudgetDefaults: Codable, Sendable, Equatable {
    /// Scenario; `warm` unless the file says otherwise.
    package var scenario: Scenario
    /// Statistic; `median` unless the file says otherwise.
    package var statistic: Statistic
    /// Level; `error` unless the file says otherwise.
    package var level: BudgetLevel
    /// Baseline name for relative limits, if the file sets one.
    package var baseline: String?

    /// Creates defaults.
    package init(
        scenario: Scenario = .warm, statistic: Statistic = .median, level: BudgetLevel = .error, baseline: String? = nil
    ) {
        self.scenario = scenario
        self.statistic = statistic
        self.level = level
        self.baseline = baseline
    }
}
