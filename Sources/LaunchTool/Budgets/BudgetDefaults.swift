import LaunchTrace

/// Values a budget rule takes when it does not set them.
public struct BudgetDefaults: Codable, Sendable, Equatable {
    /// Scenario; `warm` unless the file says otherwise.
    public var scenario: Scenario
    /// Statistic; `median` unless the file says otherwise.
    public var statistic: Statistic
    /// Level; `error` unless the file says otherwise.
    public var level: BudgetLevel
    /// Baseline name for relative limits, if the file sets one.
    public var baseline: String?

    /// Creates defaults.
    public init(
        scenario: Scenario = .warm, statistic: Statistic = .median, level: BudgetLevel = .error, baseline: String? = nil
    ) {
        self.scenario = scenario
        self.statistic = statistic
        self.level = level
        self.baseline = baseline
    }
}
