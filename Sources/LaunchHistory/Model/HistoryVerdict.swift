/// One budget verdict of a recorded run.
package struct HistoryVerdict: Codable, Sendable, Equatable {
    /// The rule's title (`launch.total p90 < 400 ms`).
    package var rule: String
    /// `pass`, `fail`, `inconclusive`, `missing`, …
    package var status: String
    /// The observed value, when there was one.
    package var observed: Double?

    /// Creates a verdict.
    package init(rule: String, status: String, observed: Double? = nil) {
        self.rule = rule
        self.status = status
        self.observed = observed
    }
}
