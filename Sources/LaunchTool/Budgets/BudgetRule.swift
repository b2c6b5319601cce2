import LaunchTrace

/// One budget rule with every default applied: "the p90 of timeToFirstFrame in warm
/// launches is at most 400 ms".
package struct BudgetRule: Codable, Sendable, Equatable {
    /// Position of the rule in the file's `rules` array, starting at 0.
    package var index: Int
    /// The metric's name (see ``MetricCatalog``).
    package var metric: MetricName
    /// The metric's kind.
    package var kind: MetricKind
    /// The statistic the limit applies to.
    package var statistic: Statistic
    /// The limit.
    package var limit: BudgetLimit
    /// The scenario whose launches are checked.
    package var scenario: Scenario
    /// Whether breaking the rule fails the check.
    package var level: BudgetLevel
    /// The baseline a relative limit compares against; `nil` for absolute limits. A rule
    /// against history names ``historyBaselineName(_:)``.
    package var baseline: String?
    /// With a relative limit: compare with the launches of the last this-many recorded runs of
    /// the same app, scenario and machine class instead of a saved baseline (`"history": 10`).
    package var history: Int?
    /// The file's explanation of the rule, if any.
    package var description: String?

    /// Creates a rule.
    package init(
        index: Int, metric: MetricName, kind: MetricKind, statistic: Statistic, limit: BudgetLimit,
        scenario: Scenario, level: BudgetLevel, baseline: String? = nil, history: Int? = nil, description: String? = nil
    ) {
        self.index = index
        self.metric = metric
        self.kind = kind
        self.statistic = statistic
        self.limit = limit
        self.scenario = scenario
        self.level = level
        self.baseline = history.map(Self.historyBaselineName) ?? baseline
        self.history = history
        self.description = description
    }

    /// The baseline name of a rule against the last `runs` recorded runs, `history:last-N`
    /// (a ":" no saved baseline's name can hold).
    package static func historyBaselineName(_ runs: Int) -> String { "history:last-\(runs)" }

    /// A short name for the rule, unique enough for test-case names:
    /// `timeToFirstFrame p90 <= 400ms (warm)` or `didFinishLaunching median <= +10% vs main (warm)`.
    package var title: String {
        let against = baseline.map { " vs \($0)" } ?? ""
        return "\(metric) \(statistic.rawValue) <= \(limit.text)\(against) (\(scenario.rawValue))"
    }
}
