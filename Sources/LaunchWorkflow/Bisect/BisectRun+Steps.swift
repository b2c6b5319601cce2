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
    /// program in `good`; nil when interrupted.
    func measure(
        _ commit: BisectCommit, against good: URL, worktrees: BisectWorktrees, progress: @escaping (BisectEvent) -> Void
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
            return try compare(commit, base: good, head: worktree, build: record, progress: progress)
        }
    }

    /// The comparison of the candidate built in `head` against the good commit's program.
    private func compare(
        _ commit: BisectCommit, base: URL, head: URL, build: BisectBuild, progress: @escaping (BisectEvent) -> Void
    ) throws -> BisectStep? {
        let name = String(format: "steps/%02d-%@", stepNumber(), commit.shortHash)
        let stepFolder = try RunFolder.create(at: folder.url.appendingPathComponent(name).path)
        let run = ComparisonRun(plan: plan.comparison(base: base, head: head), folder: stepFolder, launcher: launcher)
        let outcome = try run.run { progress(.comparing(commit, $0)) }.outcome
        if isInterrupted { return nil }
        if outcome.failedBuild == .base {
            throw LaunchProfilerError.workflow(
                "The good commit's program failed to launch while \(commit.shortHash) was compared (\(name)); every step is compared against it.",
                exitStatus: .launchFailed)
        }
        let (verdict, reason) = judge(outcome)
        return BisectStep(
            commit: commit.hash, verdict: verdict, reason: reason, build: build, folder: name,
            metrics: outcome.test.metrics, parts: outcome.parts, functions: outcome.functions)
    }

    /// The verdict of a comparison against the good commit, and why.
    private func judge(_ outcome: ComparisonOutcome) -> (BisectVerdict, String) {
        if outcome.failedBuild == .head { return (.skipped, "Its program failed to launch; skipped.") }
        let effects = outcome.test.metrics.map { metric in
            let row = ComparisonRow(metric)
            return "\(row.metric) \(row.decision.rawValue) \(row.effect) (\(row.interval))"
        }
        let said = effects.joined(separator: ", ") + " against the good commit"
        switch outcome.decision {
        case .regressed: return (.bad, "Slower: \(said).")
        case .same, .improved: return (.good, "Not slower: \(said).")
        case .inconclusive:
            return (.undecided, "Undecided at \(plan.settings.maxRuns) launches per build: \(said).")
        }
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
