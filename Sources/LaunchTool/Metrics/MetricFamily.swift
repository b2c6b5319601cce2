import LaunchTrace

/// A family of metrics whose names a trace decides (its phases, its spans, the kinds of
/// blocking call), defined once like a ``MetricDefinition``: its name pattern, kind, meaning,
/// source, which names belong to it and the values a trace gives.
package struct MetricFamily: Sendable {
    /// The names, as the documentation writes them (`<phase>.blocked`, `span.<name>`).
    package var pattern: String
    /// What every member measures.
    package var kind: MetricKind
    /// One sentence describing a member.
    package var summary: String
    /// Where in the trace the values come from, for the documentation.
    package var source: String
    /// The members that can be listed and suggested (the known phases, the traced call kinds).
    package var listed: [MetricName]
    /// The definition of `name` when it belongs to the family.
    let member: @Sendable (MetricName) -> MetricDefinition?
    /// Every member a trace has, with its value.
    let values: @Sendable (LaunchTrace) -> [(MetricName, Double)]
    /// For a family of the time before `main`: every member a breakdown has; nil otherwise.
    let preMainValues: (@Sendable (PreMainBreakdown) -> [(MetricName, Double)])?

    /// Creates a family.
    init(
        _ pattern: String, _ kind: MetricKind, _ summary: String, source: String, listed: [MetricName] = [],
        member: @escaping @Sendable (MetricName) -> MetricDefinition?,
        values: @escaping @Sendable (LaunchTrace) -> [(MetricName, Double)]
    ) {
        self.pattern = pattern
        self.kind = kind
        self.summary = summary
        self.source = source
        self.listed = listed
        self.member = member
        self.values = values
        preMainValues = nil
    }

    /// Creates a family of the time before `main`, read from a breakdown.
    init(
        _ pattern: String, _ kind: MetricKind, _ summary: String, source: String,
        member: @escaping @Sendable (MetricName) -> MetricDefinition?,
        preMain: @escaping @Sendable (PreMainBreakdown) -> [(MetricName, Double)]
    ) {
        self.pattern = pattern
        self.kind = kind
        self.summary = summary
        self.source = source
        listed = []
        self.member = member
        values = { $0.preMain.map(preMain) ?? [] }
        preMainValues = preMain
    }

    /// The definition of `name` when it belongs to the family, else nil.
    package func definition(of name: MetricName) -> MetricDefinition? { member(name) }
}
