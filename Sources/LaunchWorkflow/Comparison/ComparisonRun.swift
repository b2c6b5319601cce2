import Foundation
import LaunchAnalysis
import LaunchRunner
import LaunchTrace

/// The whole `launchprof compare` workflow: warm-up of both builds, launches in randomised
/// ABBA blocks until every metric and every rule against base is decided or `maxRuns` launches per build, the findings of
/// both builds side by side, and `comparison.json` with `base/` and `head/` run folders.
///
/// ```swift
/// let result = try ComparisonRun(plan: plan, folder: try RunFolder.create(at: nil)).run()
/// exit(result.outcome.exitCode.rawValue)
/// ```
public struct ComparisonRun: Sendable {
    /// What to compare.
    public let plan: ComparisonPlan
    /// Where the files go.
    public let folder: RunFolder
    /// What performs the launches of both builds.
    public let launcher: any Launcher

    /// Creates a comparison of `plan` into `folder`, its launches performed by `launcher`.
    public init(plan: ComparisonPlan, folder: RunFolder, launcher: any Launcher = AppLauncher()) {
        self.plan = plan
        self.folder = folder
        self.launcher = launcher
    }

    /// Runs it, reporting progress to `progress`.
    ///
    /// - Throws: ``LaunchProfilerError`` when a build cannot be launched at all or a file
    ///   cannot be written; a launch that fails ends the comparison and is reported in the outcome.
    public func run(progress: @escaping (ComparisonEvent) -> Void = { _ in }) throws -> ComparisonRunResult {
        guard plan.metrics.isEmpty else { return try compare(progress: progress) }
        let resolved = ComparisonRun(
            plan: try plan.resolvingMetrics(launcher: launcher), folder: folder, launcher: launcher)
        return try resolved.compare(progress: progress)
    }

    /// The comparison of ``plan``'s metrics.
    private func compare(progress: @escaping (ComparisonEvent) -> Void) throws -> ComparisonRunResult {
        var loops = try ComparisonLoops(plan: plan, folder: folder, launcher: launcher, progress: progress)
        let start = MachineLoad.Snapshot.now()
        if plan.warmup > 0 { progress(.warmingUp(launchesPerBuild: plan.warmup)) }
        try loops.warmUp()
        var test = SequentialComparison(metrics: plan.metrics, settings: plan.settings)
        var parts: ComparisonParts?
        var order = BlockOrder(seed: plan.seed)
        while !isDecided(test, parts: parts), loops.failedBuild == nil, launcher.interruption == nil,
            loops.launches(of: .base) + 2 <= plan.maxRuns
        {
            guard let block = try loops.runBlock(order.next()) else { break }
            test.add(base: block.base, head: block.head)
            if parts == nil {
                let names = (block.base + block.head).flatMap(\.keys)
                parts = ComparisonParts(names: names, compared: plan.metrics, settings: plan.settings)
            }
            parts?.add(base: block.base, head: block.head)
            progress(.blockFinished(test))
        }
        try loops.finish()
        progress(.launchesFinished)
        let load = MachineLoad(from: start, to: .now())
        return try finish(loops: loops, test: test, parts: parts, load: load)
    }

    /// Whether every metric and every rule against base is decided (for a bisect step, whether
    /// the head build is classified against the gap), and, when head moved, the part that moved
    /// with it: a regression without its place goes on launching (within `maxRuns`) until a
    /// part is decided too.
    private func isDecided(_ test: SequentialComparison, parts: ComparisonParts?) -> Bool {
        let located = parts.map { $0.count == 0 || !$0.moved.isEmpty } ?? true
        guard plan.gaps.isEmpty else {
            let verdict = BisectGap.verdict(of: test.metrics, gaps: plan.gaps, minBlocks: plan.settings.minBlocks)
            return verdict == .good || (verdict.isBad && located)
        }
        let moved = test.decision == .regressed || test.decision == .improved
        return test.isDecided && (!moved || located) && isPrecise(test)
            && plan.baseRules.allSatisfy {
                BaseBudgetVerdict(rule: $0, test: test, scenario: plan.base.scenario).status != .inconclusive
            }
    }

    /// Whether every regressed metric's effect is known to ``ComparisonPlan/gapPrecision`` of itself.
    private func isPrecise(_ test: SequentialComparison) -> Bool {
        guard let precision = plan.gapPrecision else { return true }
        return test.metrics.filter { $0.decision == .regressed }.allSatisfy { $0.effectIsKnown(within: precision) }
    }

    /// Findings, rule verdicts and the files.
    private func finish(
        loops: ComparisonLoops, test: SequentialComparison, parts: ComparisonParts?, load: MachineLoad
    ) throws -> ComparisonRunResult {
        var base = loops.summary(of: .base)
        var head = loops.summary(of: .head)
        base.machineLoad = load
        head.machineLoad = load
        try base.write(to: folder.buildFolder(.base).summaryURL)
        try head.write(to: folder.buildFolder(.head).summaryURL)
        var outcome = ComparisonOutcome(
            base: described(plan.base, launches: base.launches.count, build: .base),
            head: described(plan.head, launches: head.launches.count, build: .head),
            scenario: plan.base.scenario, seed: plan.seed, test: test, failedBuild: loops.failedBuild,
            budgets: plan.baseRules.map { BaseBudgetVerdict(rule: $0, test: test, scenario: plan.base.scenario) },
            findings: FindingsComparison(base: base.findings, head: head.findings)
        )
        outcome.parts = parts
        outcome.interruptedBy = launcher.interruption
        outcome.machineLoad = load
        outcome.functions = loops.functionChanges()
        try outcome.write(to: folder.comparisonURL)
        try ComparisonPage(folder: folder, generator: plan.generator).write(outcome)
        return ComparisonRunResult(outcome: outcome, baseSummary: base, headSummary: head, folder: folder)
    }

    private func described(_ build: LaunchSpecification, launches: Int, build name: ComparisonBuild) -> ComparedBuild {
        ComparedBuild(
            executable: build.executable, arguments: build.arguments, environment: build.environment,
            launches: launches, folder: folder.buildFolder(name).url.path
        )
    }
}
