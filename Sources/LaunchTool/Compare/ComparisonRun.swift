import Foundation
import LaunchRunner
import LaunchTrace

/// The whole `launchprof compare` workflow: warm-up of both builds, launches in randomised
/// ABBA blocks until every metric and every rule against base is decided or `maxRuns` launches per build, the findings of
/// both builds side by side, and `comparison.json` with `base/` and `head/` run folders (and
/// `reference/` for a bisect step, its bad commit launched in every block).
///
/// ```swift
/// let result = try ComparisonRun(plan: plan, folder: try RunFolder.create(at: nil)).run()
/// exit(result.outcome.exitCode.rawValue)
/// ```
package struct ComparisonRun: Sendable {
    /// What to compare.
    package let plan: ComparisonPlan
    /// Where the files go.
    package let folder: RunFolder
    /// What performs the launches of both builds.
    package let launcher: any Launcher

    /// Creates a comparison of `plan` into `folder`, its launches performed by `launcher`.
    package init(plan: ComparisonPlan, folder: RunFolder, launcher: any Launcher = AppLauncher()) {
        self.plan = plan
        self.folder = folder
        self.launcher = launcher
    }

    /// Runs it, reporting progress to `progress`.
    ///
    /// - Throws: ``LaunchProfilerError`` when a build cannot be launched at all or a file
    ///   cannot be written; a launch that fails ends the comparison and is reported in the outcome.
    package func run(progress: @escaping (ComparisonEvent) -> Void = { _ in }) throws -> ComparisonRunResult {
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
        try loops.warmup()
        var blocks = ComparisonBlocks(plan: plan)
        var order = BlockOrder(seed: plan.seed)
        while !isDecided(blocks), loops.failedBuild == nil, launcher.interruption == nil,
            loops.launches(of: .base) + 2 <= plan.maxRuns
        {
            guard let block = try loops.runBlock(plan.reference == nil ? order.next() : order.nextWithReference())
            else { break }
            blocks.add(block)
            progress(.blockFinished(blocks.test))
        }
        try loops.finish()
        progress(.launchesFinished)
        let load = MachineLoad(from: start, to: .now())
        var result = try finish(loops: loops, test: blocks.test, parts: blocks.parts, load: load)
        result.placements = blocks.placements
        return result
    }

    /// Whether every metric and every rule against base is decided (for a bisect step, whether
    /// the head build is placed between base and the reference), and, when head moved, the part
    /// that moved with it: a regression without its place goes on launching (within `maxRuns`)
    /// until a part is decided too.
    private func isDecided(_ blocks: ComparisonBlocks) -> Bool {
        let (test, parts) = (blocks.test, blocks.parts)
        let located = parts.map { $0.count == 0 || !$0.moved.isEmpty } ?? true
        guard plan.reference == nil else {
            let verdict = BisectPlacement.verdict(of: blocks.placements, minBlocks: plan.settings.minBlocks)
            return verdict == .good || (verdict.isBad && located)
        }
        let moved = test.decision == .regressed || test.decision == .improved
        return test.isDecided && (!moved || located)
            && plan.baseRules.allSatisfy {
                BaseBudgetVerdict(rule: $0, test: test, scenario: plan.base.scenario).status != .inconclusive
            }
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
        return ComparisonRunResult(
            outcome: outcome, baseSummary: base, headSummary: head, folder: folder, placements: [])
    }

    private func described(_ build: LaunchSpecification, launches: Int, build name: ComparisonBuild) -> ComparedBuild {
        ComparedBuild(
            executable: build.executable, arguments: build.arguments, environment: build.environment,
            launches: launches, folder: folder.buildFolder(name).url.path
        )
    }
}
