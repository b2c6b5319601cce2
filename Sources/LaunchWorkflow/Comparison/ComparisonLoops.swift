import Foundation
import LaunchAnalysis
import LaunchRunner
import LaunchTrace

/// The launch loops of both builds of a comparison, each into its own run folder.
struct ComparisonLoops {
    private var base: LaunchLoop
    private var head: LaunchLoop
    private let progress: (ComparisonEvent) -> Void
    /// The build a launch of which failed, if any.
    private(set) var failedBuild: ComparisonBuild?

    init(plan: ComparisonPlan, folder: RunFolder, progress: @escaping (ComparisonEvent) -> Void) throws {
        self.progress = progress
        base = try Self.loop(plan.base, folder: folder.buildFolder(.base))
        head = try Self.loop(plan.head, folder: folder.buildFolder(.head))
    }

    private static func loop(_ plan: ProfilingPlan, folder: RunFolder) throws -> LaunchLoop {
        do {
            let session = try LaunchSession(plan: plan.runPlan(into: folder), layout: folder)
            return LaunchLoop(session: session, plan: plan, folder: folder, progress: { _ in })
        } catch {
            throw LaunchProfilerError.workflow(error.description)
        }
    }

    /// The warm-up launches of both builds.
    func warmUp() {
        base.warmUp()
        head.warmUp()
    }

    /// Measured launches of `build` so far.
    func launches(of build: ComparisonBuild) -> Int {
        (build == .base ? base : head).session.results.count
    }

    /// Runs one block; nil when a launch failed (see ``failedBuild``).
    mutating func runBlock(_ order: [ComparisonBuild]) throws -> (base: [[MetricName: Double]], head: [[MetricName: Double]])? {
        var values: [ComparisonBuild: [[MetricName: Double]]] = [:]
        for build in order {
            guard let trace = try launch(build) else {
                failedBuild = build
                return nil
            }
            values[build, default: []].append(MetricExtractor.values(of: trace))
        }
        return (values[.base] ?? [], values[.head] ?? [])
    }

    private mutating func launch(_ build: ComparisonBuild) throws -> LaunchTrace? {
        let result: LaunchResult?
        if build == .base {
            try base.launch(1)
            result = base.session.results.last
        } else {
            try head.launch(1)
            result = head.session.results.last
        }
        guard let result else { return nil }
        progress(.launched(build, result))
        return result.record.outcome == .completed ? result.trace : nil
    }

    /// The summary of `build`'s launches, with its findings.
    func summary(of build: ComparisonBuild) -> RunSummary {
        let loop = build == .base ? base : head
        var summary = loop.summary()
        FindingsStep.attach(to: &summary, traces: loop.traces)
        return summary
    }
}
