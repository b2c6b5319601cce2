import LaunchTrace

/// Every metric name LaunchProfiler knows, with its kind: the fixed metrics
/// (``fixed``, in `MetricCatalog+Fixed.swift`) and the families whose names a trace decides
/// (``families``, in `MetricCatalog+Families.swift`: phases and their thread states, spans,
/// blocking calls). Each metric is defined once there; the extractor, the budget validator and
/// `docs/metrics.md` (``markdownReference``) derive from the definitions.
///
/// ```swift
/// MetricCatalog.kind(of: .timeToFirstFrame)        // .time
/// MetricCatalog.kind(of: .span("catalog.load"))    // .time
/// MetricCatalog.kind(of: .peakMemory)              // .bytes
/// ```
package enum MetricCatalog {
    /// Kinds of blocking call the blocking-call tracer reports, each with its metrics.
    package static let blockingKinds = BlockingKind.tracedCalls

    /// Every listable metric, in a stable order: the known phases and their thread states,
    /// the fixed metrics, the blocking-call counts.
    package static let definitions: [MetricDefinition] = {
        let phases = knownPhases.flatMap { phase in
            [phaseFamily.definition(of: .phase(phase))]
                + MetricName.PhasePart.allCases.map { part in
                    phasePartFamilies.lazy.compactMap { $0.definition(of: .phase(phase, part)) }.first
                }
        }
        let calls = blockingCallsFamily.listed.map { blockingCallsFamily.definition(of: $0) }
        return phases.compactMap { $0 } + fixed + calls.compactMap { $0 }
    }()

    private static let byName: [MetricName: MetricDefinition] = Dictionary(
        uniqueKeysWithValues: fixed.map { ($0.name, $0) }
    )

    /// The definition of `name`, a fixed metric or a member of a family, or `nil` when it is
    /// not a metric.
    package static func definition(of name: MetricName) -> MetricDefinition? {
        if let fixed = byName[name] { return fixed }
        return families.lazy.compactMap { $0.definition(of: name) }.first
    }

    /// The definition of a metric of a phase the program names itself (`database`,
    /// `database.blocked`): for a budget, any phase-shaped name that neither begins like one of
    /// the tool's families (``MetricName/reservedPhasePrefixes``) nor is a likely typo of a known
    /// metric; for a run, a phase in `phases`.
    package static func programPhaseDefinition(of name: MetricName, phases: Set<PhaseName>? = nil) -> MetricDefinition?
    {
        guard let (phase, part) = name.phaseMetric else { return nil }
        if let phases {
            guard phases.contains(phase) else { return nil }
        } else if name.hasReservedPhasePrefix || suggestion(for: name.rawValue) != nil {
            return nil
        }
        let summary = part.map { "Main-thread \($0.rawValue) time during the program's phase \(phase)." }
        let source = part.map { "phases[].threadState.\($0.rawValue)" } ?? "phases[].durationNs"
        return MetricDefinition(name, .time, summary ?? "Duration of the program's phase \(phase).", source: source)
    }

    /// The kind of `name`, or `nil` when it is not a metric.
    package static func kind(of name: MetricName) -> MetricKind? { definition(of: name)?.kind }

    /// Whether `name` is a valid metric name.
    package static func isValid(_ name: MetricName) -> Bool { definition(of: name) != nil }

    /// Every valid name that can be listed: ``definitions``, `blockingTime.<kind>` and the
    /// breakdown reasons' `reason:<reason>` and `reason:<reason>.share`.
    package static var listableNames: [MetricName] {
        definitions.map(\.name) + blockingTimeFamily.listed + reasonFamilies.flatMap(\.listed)
    }
}
