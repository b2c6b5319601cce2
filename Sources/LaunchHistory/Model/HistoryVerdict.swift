/// One budget verdict of a recorded run.
public struct HistoryVerdict: Codable, Sendable, Equatable {
    /// The rule's title (`launch.total p90 < 400 ms`).
    public var rule: String
    /// `pass`, `fail`, `inconclusive`, `missing`, …
    public var status: String
    /// The observed value, when there was one.
    public var observed: Double?

    /// Creates a verdict.
    public init(rule: String, status: String, observed: Double? = nil) {
        self.rule = rule
        self.status = status
        self.observed = observed
    }
}
