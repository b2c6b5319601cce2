import Foundation
import LaunchRunner
import LaunchTrace

extension BisectRun {
    /// The two commits every step is launched beside, each built once in a worktree of its own.
    struct Ends {
        /// The good commit's worktree.
        var good: URL
        /// The bad commit's worktree.
        var bad: URL
    }

    /// Builds the good and the bad commit, each in its worktree (the bad one's build recorded
    /// for the ends' step); nil when interrupted during a build.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when one does not build or its program is not
    ///   where the plan says.
    func buildEnds(_ outcome: inout BisectOutcome, worktrees: BisectWorktrees, progress: (BisectEvent) -> Void)
        throws -> (Ends, BisectBuild)?
    {
        guard let (good, goodRecord) = try buildEnd(outcome.good, isGood: true, worktrees, progress) else { return nil }
        outcome.goodBuild = goodRecord
        try outcome.write(to: outcomeURL)
        let bad = outcome.commit(plan.settings.bad) ?? BisectCommit(hash: plan.settings.bad, subject: "")
        guard let (badWorktree, badRecord) = try buildEnd(bad, isGood: false, worktrees, progress) else { return nil }
        return (Ends(good: good, bad: badWorktree), badRecord)
    }

    /// Builds one end in the worktree named for it; nil when interrupted.
    private func buildEnd(
        _ commit: BisectCommit, isGood: Bool, _ worktrees: BisectWorktrees, _ progress: (BisectEvent) -> Void
    ) throws -> (URL, BisectBuild)? {
        let worktree = try worktrees.worktree(isGood ? "good" : "bad", at: commit.hash)
        progress(.building(commit, isGood ? .good : .bad))
        let (result, record) = try build(commit, in: worktree)
        progress(.built(commit, result))
        guard result.status != .interrupted else { return nil }
        let end = isGood ? "good" : "bad"
        guard result.succeeded else {
            throw LaunchProfilerError.workflow(
                "The \(end) commit \(commit.shortHash) does not build: `\(plan.settings.build)` \(result.description) (its output is in \(folder.url.appendingPathComponent(record.log).path)); every step is launched beside the good and the bad commit."
            )
        }
        let program = worktree.appendingPathComponent(plan.settings.program)
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw LaunchProfilerError.workflow(
                "The build of the \(end) commit made no executable \(plan.settings.program) (looked for \(program.path)); name the program as a path relative to the repository, like .build/release/MyApp."
            )
        }
        return (worktree, record)
    }

    /// Builds `commit` in the candidate worktree and places it between the ends, launched beside
    /// both, in the metrics of `gaps`; nil when interrupted.
    func measure(
        _ commit: BisectCommit, between ends: Ends, gaps: [BisectGap], alpha: Double, worktrees: BisectWorktrees,
        progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectStep? {
        let worktree = try worktrees.worktree("candidate", at: commit.hash)
        progress(.building(commit, .candidate))
        let (result, record) = try build(commit, in: worktree)
        progress(.built(commit, result))
        switch result.status {
        case .interrupted: return nil
        case .failed:
            let reason = "Its build \(result.description) (\(record.log)); skipped."
            return BisectStep(commit: commit.hash, verdict: .skipped, reason: reason, build: record)
        case .succeeded:
            let comparison = plan.comparison(
                base: ends.good, head: worktree, reference: ends.bad, gaps: gaps, alpha: alpha)
            return try compare(commit, plan: comparison, build: record, progress: progress)
        }
    }

    /// The comparison `comparison` of a commit against the good commit's program (and beside the
    /// bad one's, for a candidate).
    func compare(
        _ commit: BisectCommit, plan comparison: ComparisonPlan, build: BisectBuild,
        progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectStep? {
        let name = String(format: "steps/%02d-%@", stepNumber(), commit.shortHash)
        let stepFolder = try RunFolder.create(at: folder.url.appendingPathComponent(name).path)
        let run = ComparisonRun(plan: comparison, folder: stepFolder, launcher: launcher)
        let role: BisectEvent.Role = comparison.reference == nil ? .bad : .candidate
        let result = try run.run { progress(.comparing(commit, role, $0)) }
        let outcome = result.outcome
        if isInterrupted { return nil }
        if let failed = outcome.failedBuild, failed != .head {
            let end = failed == .base ? "good" : "bad"
            throw LaunchProfilerError.workflow(
                "The \(end) commit's program failed to launch while \(commit.shortHash) was compared (\(name)); every step is launched beside it.",
                exitStatus: .launchFailed)
        }
        let judgement = BisectJudgement(outcome: outcome, placements: result.placements)
        return BisectStep(
            commit: commit.hash, verdict: judgement.verdict, reason: judgement.reason, build: build, folder: name,
            metrics: outcome.test.metrics, parts: outcome.parts, functions: outcome.functions,
            placements: result.placements.isEmpty ? nil : result.placements)
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
    /// Measures the bad commit against the good one, once (a resumed bisect keeps its ends): the
    /// metrics that regressed are those every later step places its candidate in. Nil when
    /// interrupted or when there is nothing to bisect (the bad commit not slower, or undecided:
    /// the conclusion says which).
    func measureEnds(
        _ outcome: inout BisectOutcome, _ ends: Ends, badBuild: BisectBuild, progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectEnds? {
        if outcome.ends == nil {
            let bad = outcome.commit(plan.settings.bad) ?? BisectCommit(hash: plan.settings.bad, subject: "")
            let alpha = outcome.stepAlpha
            let comparison = plan.comparison(base: ends.good, head: ends.bad, reference: nil, gaps: [], alpha: alpha)
            guard let step = try compare(bad, plan: comparison, build: badBuild, progress: progress) else { return nil }
            guard step.verdict != .skipped else {
                throw LaunchProfilerError.workflow(
                    "The bad commit \(bad.shortHash) was not measured: \(step.reason) A bisect measures it first, against the good commit, to know the size of the regression.",
                    exitStatus: .launchFailed)
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
