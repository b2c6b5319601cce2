import LaunchTrace

/// One metric, defined once: its name, kind (and so its unit), what it means, where its value
/// comes from, and how a trace gives it. ``MetricCatalog`` (the valid names, their kinds),
/// ``MetricExtractor`` (a trace's values), the budget validator and `docs/metrics.md` all
/// derive from these definitions (``MetricCatalog/fixed`` and ``MetricCatalog/families``).
///
/// ```swift
/// MetricDefinition(.peakMemory, .bytes, "Peak resident set size at the end of the launch.",
///                  source: "memory.peakResidentBytes") { Double($0.memory.peakResidentBytes) }
/// ```
package struct MetricDefinition: Sendable {
    /// The metric's name, e.g. `timeToFirstFrame` or `didFinishLaunching.blocked`.
    package var name: MetricName
    /// What it measures, which decides its unit.
    package var kind: MetricKind
    /// One sentence describing it.
    package var summary: String
    /// Where in the trace its value comes from, for the documentation.
    package var source: String
    /// The value of one trace, in the kind's base unit; nil when the trace does not have it.
    let value: @Sendable (LaunchTrace) -> Double?
    /// For a metric of the time before `main`: its value in one pre-main breakdown (a pre-main
    /// launch's, which has no trace); nil for every other metric.
    let preMainValue: (@Sendable (PreMainBreakdown) -> Double?)?
    /// For a metric of the whole process's resource use: its value in one launch record's
    /// ``LaunchTrace/ProcessUsage`` (any kind of launch, a trace or not); nil for every other metric.
    let usageValue: (@Sendable (ProcessUsage) -> Double?)?

    /// Creates a definition; `value` reads the metric from one trace (nil when absent).
    package init(
        _ name: MetricName, _ kind: MetricKind, _ summary: String, source: String,
        value: @escaping @Sendable (LaunchTrace) -> Double? = { _ in nil }
    ) {
        self.init(name, kind, summary, source, value: value, preMain: nil, usage: nil)
    }

    /// Creates a definition of a metric of the time before `main`, read from a breakdown (a
    /// pre-main launch's, or a trace's `preMain`).
    package init(
        _ name: MetricName, _ kind: MetricKind, _ summary: String, source: String,
        preMain: @escaping @Sendable (PreMainBreakdown) -> Double?
    ) {
        self.init(name, kind, summary, source, value: { $0.preMain.flatMap(preMain) }, preMain: preMain, usage: nil)
    }

    /// Creates a definition of a metric of the whole process's resource use, read from a launch
    /// record's ``LaunchTrace/ProcessUsage`` (`wait4`), never from a trace.
    package init(
        _ name: MetricName, _ kind: MetricKind, _ summary: String, source: String,
        usage: @escaping @Sendable (ProcessUsage) -> Double?
    ) {
        self.init(name, kind, summary, source, value: { _ in nil }, preMain: nil, usage: usage)
    }

    private init(
        _ name: MetricName, _ kind: MetricKind, _ summary: String, _ source: String,
        value: @escaping @Sendable (LaunchTrace) -> Double?, preMain: (@Sendable (PreMainBreakdown) -> Double?)?,
        usage: (@Sendable (ProcessUsage) -> Double?)?
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.source = source
        self.value = value
        preMainValue = preMain
        usageValue = usage
    }
}

extension MetricDefinition: Equatable {
    /// Definitions are equal when their name, kind, summary and source are.
    package static func == (lhs: MetricDefinition, rhs: MetricDefinition) -> Bool {
        lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.summary == rhs.summary && lhs.source == rhs.source
    }
}
