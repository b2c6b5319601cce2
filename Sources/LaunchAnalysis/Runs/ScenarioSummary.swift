/// The metrics of the completed launches of one scenario.
public struct ScenarioSummary: Codable, Sendable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// Launches of this scenario that completed with a trace.
    public var completedLaunches: Int
    /// Metrics by name; a metric no launch reported is absent.
    public var metrics: [String: MetricSummary]

    /// Creates a scenario summary.
    public init(scenario: String, completedLaunches: Int, metrics: [String: MetricSummary]) {
        self.scenario = scenario
        self.completedLaunches = completedLaunches
        self.metrics = metrics
    }
}
