import Foundation
import LaunchAnalysis
import LaunchReports
import LaunchRunner
import LaunchTrace

extension BisectRun {
    /// Builds the good commit in the `good` worktree; nil when interrupted during the build.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when it does not build or its program is not
    ///   where the plan says.
    func buildGood(_ outcome: inout BisectOutcome, worktrees: BisectWorktrees, progress: (BisectEvent) -> Void)
        throws -> URL?
    {
        let good = outcome.good
        let worktree = try worktrees.worktree("good", at: good.hash)
        progress(.building(good, isGood: true))
        let (result, record) = try build(good, in: worktree)
        progress(.built(good, result))
        guard result.status != .interrupted else { return nil }
        outcome.goodBuild = record
        try outcome.write(to: outcomeURL)
        guard result.succeeded else {
            throw LaunchProfilerError.workflow(
                "The good commit \(good.shortHash) does not build: `\(plan.settings.build)` \(result.description) (its output is in \(folder.url.appendingPathComponent(record.log).path)); every step is compared against it."
            )
        }
        let program = worktree.appendingPathComponent(plan.settings.program)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw LaunchProfilerError.workflow(
                "The build of the good commit made no executable \(plan.settings.program) (looked for \(program.path)); name the program as a path relative to the repository, like .build/release/MyApp."
            )
        }
        return worktree
    }

    /// Builds `commit` in the candidate worktree and compares it against the good commit's
    /// program in `good`, classified against `ends` (nil: this is the ends' step, the bad commit
    /// decided against `--min-effect`); nil when interrupted.
    func measure(
        _ commit: BisectCommit, against good: URL, ends: BisectEnds?, alpha: Double, worktrees: BisectWorktrees,
        progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectStep? {
        let worktree = try worktrees.worktree("candidate", at: commit.hash)
        progress(.building(commit, isGood: false))
        let (result, record) = try build(commit, in: worktree)
        progress(.built(commit, result))
        switch result.status {
        case .interrupted: return nil
        case .failed:
            let reason = "Its build \(result.description) (\(record.log)); skipped."
            return BisectStep(commit: commit.hash, verdict: .skipped, reason: reason, build: record)
        case .succeeded:
            let gaps = ends?.gaps ?? []
            let comparison = plan.comparison(base: good, head: worktree, gaps: gaps, alpha: alpha)
            return try compare(commit, plan: comparison, build: record, progress: progress)
        }
    }

    /// The comparison of the candidate against the good commit's program, as `comparison` says.
    private func compare(
        _ commit: BisectCommit, plan comparison: ComparisonPlan, build: BisectBuild,
        progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectStep? {
        let name = String(format: "steps/%02d-%@", stepNumber(), commit.shortHash)
        let stepFolder = try RunFolder.create(at: folder.url.appendingPathComponent(name).path)
        let run = ComparisonRun(plan: comparison, folder: stepFolder, launcher: launcher)
        let outcome = try run.run { progress(.comparing(commit, $0)) }.outcome
        if isInterrupted { return nil }
        if outcome.failedBuild == .base {
            throw LaunchProfilerError.workflow(
                "The good commit's program failed to launch while \(commit.shortHash) was compared (\(name)); every step is compared against it.",
                exitStatus: .launchFailed)
        }
        let judgement = BisectJudgement(outcome: outcome, gaps: comparison.gaps, settings: comparison.settings)
        return BisectStep(
            commit: commit.hash, verdict: judgement.verdict, reason: judgement.reason, build: build, folder: name,
            metrics: outcome.test.metrics, parts: outcome.parts, functions: outcome.functions)
    }

    /// The number of the next step's folder: one more than the step folders already there.
    private func stepNumber() -> Int {
        let steps = folder.url.appendingPathComponent("steps")
        return ((try? FileManager.default.contentsOfDirectory(atPath: steps.path))?.count ?? 0) + 1
    }

    /// Runs the build command in `worktree`, its output in `builds/<hash>.log`.
    private func build(_ commit: BisectCommit, in worktree: URL) throws -> (BuildResult, BisectBuild) {
        let logs = folder.url.appendingPathComponent("builds", isDirectory: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let name = "builds/\(commit.shortHash).log"
        let result = try BuildCommand(
            command: plan.settings.build, directory: worktree, log: folder.url.appendingPathComponent(name)
        ).run()
        let record = BisectBuild(
            succeeded: result.succeeded, ending: result.description, seconds: result.seconds, log: name)
        return (result, record)
    }
}

extension BisectRun {
    /// Measures the bad commit against the good one, once (a resumed bisect keeps its ends):
    /// their gap is the scale of every later step. Nil when interrupted or when there is nothing
    /// to bisect (the bad commit not slower, or undecided: the conclusion says which).
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when the bad commit does not build or launch.
    func measureEnds(
        _ outcome: inout BisectOutcome, good: URL, worktrees: BisectWorktrees,
        progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectEnds? {
        if outcome.ends == nil {
            let bad = outcome.commit(plan.settings.bad) ?? BisectCommit(hash: plan.settings.bad, subject: "")
            let alpha = outcome.stepAlpha
            guard
                let step = try measure(
                    bad, against: good, ends: nil, alpha: alpha, worktrees: worktrees, progress: progress)
            else { return nil }
            guard step.verdict != .skipped else {
                throw LaunchProfilerError.workflow(
                    "The bad commit \(bad.shortHash) was not measured: \(step.reason) A bisect measures it first, against the good commit, to know the size of the regression."
                )
            }
            outcome.ends = BisectEnds(step: step, gaps: BisectGap.gaps(of: step.metrics), stepAlpha: alpha)
            outcome.conclusion = outcome.search.conclusion
            try outcome.write(to: outcomeURL)
            progress(.stepFinished(step, left: outcome.conclusion.commits.count))
        }
        guard let ends = outcome.ends, !ends.gaps.isEmpty, ends.step.verdict == .bad else { return nil }
        return ends
    }
}
