import LaunchTrace

/// Every metric name LaunchProfiler knows, with its kind.
///
/// Fixed names cover the phases, their thread states, the totals, main-thread time,
/// faults, memory, the profiler's overhead, resume and the stall and blocking-call
/// instruments. Two families are open: `span.<name>` for any app span, and
/// `blockingTime.<kind>` for each blocking-call kind.
///
/// ```swift
/// MetricCatalog.kind(of: "timeToFirstFrame")   // .time
/// MetricCatalog.kind(of: "span.catalog.load")  // .time
/// MetricCatalog.kind(of: "peakMemory")         // .bytes
/// ```
public enum MetricCatalog {
    /// Kinds of blocking call the blocking-call tracer reports.
    public static let blockingKinds = ["fileIO", "network", "sleep", "lock", "wait"]
    /// Prefix of the per-span metrics.
    public static let spanPrefix = "span."
    /// Prefix of the blocking-time metrics.
    public static let blockingTimePrefix = "blockingTime."

    /// Every fixed metric, in a stable order (phases first).
    public static let definitions: [MetricDefinition] = {
        var all: [MetricDefinition] = []
        for phase in LaunchPhase.allCases {
            let id = phase.rawValue
            all.append(.init(name: id, kind: .time, summary: "Duration of the \(id) phase."))
            all.append(.init(name: id + ".onCpu", kind: .time, summary: "Main-thread time on a CPU during \(id)."))
            all.append(.init(name: id + ".runnable", kind: .time, summary: "Main-thread time waiting for a CPU during \(id)."))
            all.append(.init(name: id + ".blocked", kind: .time, summary: "Main-thread time blocked during \(id)."))
        }
        all += [
            .init(name: "timeToFirstFrame", kind: .time, summary: "Launch start to the first committed frame."),
            .init(name: "timeToActive", kind: .time, summary: "Launch start to the end of applicationDidBecomeActive."),
            .init(name: "timeToFullDisplay", kind: .time, summary: "Launch start to reportFullyDrawn."),
            .init(name: "mainThreadBlocked", kind: .time, summary: "Main-thread blocked time summed over the phases before first frame."),
            .init(name: "mainThreadOnCpu", kind: .time, summary: "Main-thread on-CPU time summed over the phases before first frame."),
            .init(name: "mainThreadRunnable", kind: .time, summary: "Main-thread runnable time summed over the phases before first frame."),
            .init(name: "majorFaults", kind: .count, summary: "Major page faults on the main thread before first frame."),
            .init(name: "minorFaults", kind: .count, summary: "Minor page faults on the main thread before first frame."),
            .init(name: "peakMemory", kind: .bytes, summary: "Peak resident set size at the end of the launch."),
            .init(name: "profilerOverhead", kind: .time, summary: "Time the profiler spent on the main thread."),
            .init(name: "resume.toFrame", kind: .time, summary: "willEnterForeground to the first frame after a resume."),
            .init(name: "resume.toActive", kind: .time, summary: "willEnterForeground to active after a resume."),
            .init(name: "stallCount", kind: .count, summary: "Main-thread stalls the stall sampler saw."),
            .init(name: "longestStall", kind: .time, summary: "Duration of the longest main-thread stall."),
        ]
        for kind in blockingKinds {
            all.append(.init(name: "blockingCalls." + kind, kind: .count, summary: "Blocking \(kind) calls on the main thread."))
        }
        return all
    }()

    private static let byName: [String: MetricDefinition] = Dictionary(
        uniqueKeysWithValues: definitions.map { ($0.name, $0) }
    )

    /// The definition of `name`, including the open families, or `nil` when it is not a metric.
    public static func definition(of name: String) -> MetricDefinition? {
        if let fixed = byName[name] { return fixed }
        if name.hasPrefix(spanPrefix), name.count > spanPrefix.count {
            let span = String(name.dropFirst(spanPrefix.count))
            return .init(name: name, kind: .time, summary: "Total duration of the span \(span).")
        }
        if name.hasPrefix(blockingTimePrefix) {
            let kind = String(name.dropFirst(blockingTimePrefix.count))
            if blockingKinds.contains(kind) {
                return .init(name: name, kind: .time, summary: "Main-thread time in blocking \(kind) calls.")
            }
        }
        return nil
    }

    /// The kind of `name`, or `nil` when it is not a metric.
    public static func kind(of name: String) -> MetricKind? { definition(of: name)?.kind }

    /// Whether `name` is a valid metric name.
    public static func isValid(_ name: String) -> Bool { definition(of: name) != nil }

    /// Every valid name that can be listed: the fixed names and `blockingTime.<kind>`.
    public static var listableNames: [String] {
        definitions.map(\.name) + blockingKinds.map { blockingTimePrefix + $0 }
    }
}
