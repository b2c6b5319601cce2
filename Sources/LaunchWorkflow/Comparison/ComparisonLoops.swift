import Foundation
import LaunchAnalysis
import LaunchFindings
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// The launch loops of both builds of a comparison, each into its own run folder.
struct ComparisonLoops {
    private var base: LaunchLoop
    private var head: LaunchLoop
    private let progress: (ComparisonEvent) -> Void
    /// The build a launch of which failed, if any.
    private(set) var failedBuild: ComparisonBuild?
    /// The metrics compared.
    private let metrics: [MetricName]

    init(plan: ComparisonPlan, folder: RunFolder, launcher: any Launcher, progress: @escaping (ComparisonEvent) -> Void)
        throws
    {
        self.progress = progress
        metrics = plan.metrics
        func loop(_ build: ComparisonBuild) throws(LaunchProfilerError) -> LaunchLoop {
            let buildFolder = folder.buildFolder(build)
            let session = try LaunchSession(
                specification: plan.specification(of: build), warmup: plan.warmup, layout: buildFolder,
                launcher: launcher
            )
            return LaunchLoop(
                session: session, timingLaunches: plan.measurementLaunches, folder: buildFolder, progress: { _ in })
        }
        base = try loop(.base)
        head = try loop(.head)
    }

    /// The warm-up launches of both builds.
    mutating func warmUp() throws {
        try base.warmUp()
        try head.warmUp()
    }

    /// Writes both builds' `launches.json` whole and makes their folders durable once the
    /// launches are over (``LaunchLoop/finish()``).
    func finish() throws {
        try base.finish()
        try head.finish()
    }

    /// Measured launches of `build` so far.
    func launches(of build: ComparisonBuild) -> Int {
        (build == .base ? base : head).session.results(of: .diagnosis).count
    }

    /// Runs one block; nil when a launch failed (see ``failedBuild``) or the run was
    /// interrupted (no launch is made after the interruption; the interrupted one is not a
    /// failure of its build).
    mutating func runBlock(_ order: [ComparisonBuild]) throws -> (
        base: [[MetricName: Double]], head: [[MetricName: Double]]
    )? {
        var values: [ComparisonBuild: [[MetricName: Double]]] = [:]
        for build in order {
            guard let result = try launch(build), result.record.outcome != .interrupted else { return nil }
            guard result.record.outcome == .completed, let trace = result.trace else {
                failedBuild = build
                return nil
            }
            var measured = MetricExtractor.values(of: trace)
            if let measurement = measurementValues(of: build) {
                guard let measurement = measurement else {
                    failedBuild = build
                    return nil
                }
                for (name, value) in measurement where !name.needsDiagnosisLaunch { measured[name] = value }
            }
            // A library one build does not load costs it nothing before main.
            for metric in metrics where metric.libraryMetric != nil && trace.preMain != nil && measured[metric] == nil {
                measured[metric] = 0
            }
            values[build, default: []].append(measured)
        }
        return (values[.base] ?? [], values[.head] ?? [])
    }

    /// The values of `build`'s last measurement launch: nil when it made none (measurement launches
    /// off), `.some(nil)` when it failed. A program's gives its time to ready; an app's, what its
    /// own trace reports.
    private func measurementValues(of build: ComparisonBuild) -> [MetricName: Double]?? {
        let loop = build == .base ? base : head
        guard loop.timingLaunches, let result = loop.session.results(of: .measurement).last else { return nil }
        guard result.record.outcome == .completed else { return .some(nil) }
        if let trace = result.trace, !loop.profilesProgram { return MetricExtractor.values(of: trace) }
        return [.timeToReady: Double(result.record.readyNs ?? result.record.wallNs)]
    }

    /// The result of one more launch of `build`, nil when none was made (interrupted).
    private mutating func launch(_ build: ComparisonBuild) throws -> LaunchResult? {
        let before = launches(of: build)
        if build == .base { try base.launch(1) } else { try head.launch(1) }
        guard launches(of: build) > before else { return nil }
        let result = (build == .base ? base : head).session.results(of: .diagnosis).last
        if let result { progress(.launched(build, result)) }
        return result
    }

    /// The functions whose cost per launch moved from base's diagnosis launches to head's.
    func functionChanges() -> [FunctionChange] {
        let symbolicator = Symbolicator()
        symbolicator.prepare(base.traces + head.traces)
        let analyzer = FindingsAnalyzer()
        return FunctionChange.changes(
            base: base.traces.map { analyzer.findings(in: $0, symbolicator: symbolicator) },
            head: head.traces.map { analyzer.findings(in: $0, symbolicator: symbolicator) })
    }

    /// The summary of `build`'s launches, with its findings.
    func summary(of build: ComparisonBuild) -> RunSummary {
        let loop = build == .base ? base : head
        var summary = loop.summary()
        FindingsStep.attach(to: &summary, traces: loop.traces)
        return summary
    }
}
