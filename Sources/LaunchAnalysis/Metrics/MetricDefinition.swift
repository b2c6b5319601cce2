import LaunchTrace

/// A valid metric name, its kind and what it means.
public struct MetricDefinition: Codable, Sendable, Equatable {
    /// The metric's name, e.g. `timeToFirstFrame` or `didFinishLaunching.blocked`.
    public var name: MetricName
    /// What it measures.
    public var kind: MetricKind
    /// One sentence describing it.
    public var summary: String

    /// Creates a definition.
    public init(name: MetricName, kind: MetricKind, summary: String) {
        self.name = name
        self.kind = kind
        self.summary = summary
    }
}
