import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// The launch loops of the builds of a comparison (base, head and a bisect step's reference),
/// each into its own run folder.
struct ComparisonLoops {
    private var loops: [ComparisonBuild: LaunchLoop]
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
                session: session, measurementLaunches: plan.measurementLaunches, folder: buildFolder, progress: { _ in }
            )
        }
        let builds: [ComparisonBuild] = plan.reference == nil ? [.base, .head] : [.base, .head, .reference]
        loops = try Dictionary(uniqueKeysWithValues: builds.map { ($0, try loop($0)) })
    }

    /// The builds launched, base first.
    private var builds: [ComparisonBuild] { ComparisonBuild.allCases.filter { loops[$0] != nil } }

    /// The warm-up launches of every build.
    mutating func warmup() throws {
        for build in builds { try loops[build]!.warmup() }
    }

    /// Writes every build's `launches.json` whole and makes their folders durable once the
    /// launches are over (``LaunchLoop/finish()``).
    func finish() throws {
        for build in builds { try loops[build]!.finish() }
    }

    /// Measured launches of `build` so far.
    func launches(of build: ComparisonBuild) -> Int {
        loops[build]?.session.results(of: .diagnosis).count ?? 0
    }

    /// Runs one block; nil when a launch failed (see ``failedBuild``) or the run was
    /// interrupted (no launch is made after the interruption; the interrupted one is not a
    /// failure of its build).
    mutating func runBlock(_ order: [ComparisonBuild]) throws -> [ComparisonBuild: [[MetricName: Double]]]? {
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
        return values
    }

    /// The values of `build`'s last measurement launch: nil when it made none (measurement launches
    /// off), `.some(nil)` when it failed. A program's gives its time to ready; an app's, what its
    /// own trace reports.
    private func measurementValues(of build: ComparisonBuild) -> [MetricName: Double]?? {
        guard let loop = loops[build], loop.measurementLaunches,
            let result = loop.session.results(of: .measurement).last
        else { return nil }
        guard result.record.outcome == .completed else { return .some(nil) }
        if let trace = result.trace, !loop.profilesProgram { return MetricExtractor.values(of: trace) }
        return [.timeToReady: Double(result.record.readyNs ?? result.record.wallNs)]
    }

    /// The result of one more launch of `build`, nil when none was made (interrupted).
    private mutating func launch(_ build: ComparisonBuild) throws -> LaunchResult? {
        let before = launches(of: build)
        try loops[build]!.launch(1)
        guard launches(of: build) > before else { return nil }
        let result = loops[build]!.session.results(of: .diagnosis).last
        if let result { progress(.launched(build, result)) }
        return result
    }

    /// The functions whose cost per launch moved from base's diagnosis launches to head's.
    func functionChanges() -> [FunctionChange] {
        let symbolicator = Symbolicator()
        let (base, head) = (loops[.base]!.traces, loops[.head]!.traces)
        symbolicator.prepare(base + head)
        let analyzer = FindingsAnalyzer()
        return FunctionChange.changes(
            base: base.map { analyzer.findings(in: $0, symbolicator: symbolicator) },
            head: head.map { analyzer.findings(in: $0, symbolicator: symbolicator) })
    }

    /// The summary of `build`'s launches, with its findings.
    func summary(of build: ComparisonBuild) -> RunSummary {
        let loop = loops[build]!
        var summary = loop.summary()
        FindingsStep.attach(to: &summary, traces: loop.traces)
        return summary
    }
}
