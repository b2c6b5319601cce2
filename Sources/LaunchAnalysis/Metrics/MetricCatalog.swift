import LaunchTrace

/// Every metric name LaunchProfiler knows, with its kind.
///
/// Fixed names cover the phases, their thread states, the totals, main-thread time,
/// faults, memory, the profiler's overhead, resume and the stall and blocking-call
/// instruments. Two families are open: `span.<name>` for any app span, and
/// `blockingTime.<kind>` for each kind of call the blocking-call tracer reports.
///
/// ```swift
/// MetricCatalog.kind(of: .timeToFirstFrame)        // .time
/// MetricCatalog.kind(of: .span("catalog.load"))    // .time
/// MetricCatalog.kind(of: .peakMemory)              // .bytes
/// ```
public enum MetricCatalog {
    /// Kinds of blocking call the blocking-call tracer reports, each with its metrics.
    public static let blockingKinds = BlockingKind.tracedCalls

    /// Every fixed metric, in a stable order (phases first).
    public static let definitions: [MetricDefinition] = {
        var all: [MetricDefinition] = []
        for phase in PhaseName.uikit + PhaseName.program {
            let id = phase.rawValue
            all.append(.init(name: .phase(phase), kind: .time, summary: "Duration of the \(id) phase."))
            all.append(.init(name: .phase(phase, .onCpu), kind: .time, summary: "Main-thread time on a CPU during \(id)."))
            all.append(.init(name: .phase(phase, .runnable), kind: .time, summary: "Main-thread time waiting for a CPU during \(id)."))
            all.append(.init(name: .phase(phase, .blocked), kind: .time, summary: "Main-thread time blocked during \(id)."))
        }
        all += [
            .init(name: .timeToFirstFrame, kind: .time, summary: "Launch start to the first committed frame."),
            .init(name: .timeToActive, kind: .time, summary: "Launch start to the end of applicationDidBecomeActive."),
            .init(name: .timeToFullDisplay, kind: .time, summary: "Launch start to reportFullyDrawn."),
            .init(name: .timeToReady, kind: .time, summary: "Launch start to readiness (--ready-when, the exit of a program without a trace, or ready())."),
            .init(name: .mainThreadBlocked, kind: .time, summary: "Main-thread blocked time summed over the phases before first frame."),
            .init(name: .mainThreadOnCpu, kind: .time, summary: "Main-thread on-CPU time summed over the phases before first frame."),
            .init(name: .mainThreadRunnable, kind: .time, summary: "Main-thread runnable time summed over the phases before first frame."),
            .init(name: .majorFaults, kind: .count, summary: "Major page faults on the main thread before first frame."),
            .init(name: .minorFaults, kind: .count, summary: "Minor page faults on the main thread before first frame."),
            .init(name: .peakMemory, kind: .bytes, summary: "Peak resident set size at the end of the launch."),
            .init(name: .profilerOverhead, kind: .time, summary: "Time the profiler spent on the main thread."),
            .init(name: .resumeToFrame, kind: .time, summary: "willEnterForeground to the first frame after a resume."),
            .init(name: .resumeToActive, kind: .time, summary: "willEnterForeground to active after a resume."),
            .init(name: .stallCount, kind: .count, summary: "Main-thread stalls the stall sampler saw."),
            .init(name: .longestStall, kind: .time, summary: "Duration of the longest main-thread stall."),
        ]
        for kind in blockingKinds {
            all.append(.init(name: .blockingCalls(kind), kind: .count, summary: "Blocking \(kind.rawValue) calls on the main thread."))
        }
        return all
    }()

    private static let byName: [MetricName: MetricDefinition] = Dictionary(
        uniqueKeysWithValues: definitions.map { ($0.name, $0) }
    )

    /// The definition of `name`, including the open families, or `nil` when it is not a metric.
    public static func definition(of name: MetricName) -> MetricDefinition? {
        if let fixed = byName[name] { return fixed }
        if let span = name.spanName {
            return .init(name: name, kind: .time, summary: "Total duration of the span \(span).")
        }
        if let kind = name.blockingTimeKind, kind.isTracedCall {
            return .init(name: name, kind: .time, summary: "Main-thread time in blocking \(kind.rawValue) calls.")
        }
        return nil
    }

    /// The definition of a metric of a phase the program names itself (`database`,
    /// `database.blocked`): for a budget, any phase-shaped name that neither begins like one of
    /// the tool's families (``MetricName/reservedPhasePrefixes``) nor is a likely typo of a known
    /// metric; for a run, a phase in `phases`.
    public static func programPhaseDefinition(of name: MetricName, phases: Set<PhaseName>? = nil) -> MetricDefinition? {
        guard let (phase, part) = name.phaseMetric else { return nil }
        if let phases {
            guard phases.contains(phase) else { return nil }
        } else if name.hasReservedPhasePrefix || suggestion(for: name.rawValue) != nil {
            return nil
        }
        let summary = part.map { "Main-thread \($0.rawValue) time during the program's phase \(phase)." }
        return .init(name: name, kind: .time, summary: summary ?? "Duration of the program's phase \(phase).")
    }

    /// The kind of `name`, or `nil` when it is not a metric.
    public static func kind(of name: MetricName) -> MetricKind? { definition(of: name)?.kind }

    /// Whether `name` is a valid metric name.
    public static func isValid(_ name: MetricName) -> Bool { definition(of: name) != nil }

    /// Every valid name that can be listed: the fixed names and `blockingTime.<kind>`.
    public static var listableNames: [MetricName] {
        definitions.map(\.name) + blockingKinds.map { .blockingTime($0) }
    }
}
