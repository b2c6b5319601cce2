import Foundation
import LaunchRunner
import LaunchTrace

/// The whole `launchprof bisect` workflow: the good and the bad commit built in worktrees of
/// their own, the bad one measured against the good one first (the metrics that regressed,
/// ``BisectEnds``), then each candidate built in a third worktree and launched in
/// blocks beside both ends until its launches say which end it resembles, or that it sits
/// between them (a partial regression, ``BisectPlacement``), the range halved
/// until one commit is left. A build
/// that fails skips its commit; an undecided step stops the bisect; `bisect.json` is rewritten
/// after every step, so an interrupted bisect resumes where it stopped. The worktrees are
/// removed whatever ends the bisect (``BisectWorktrees``).
///
/// ```swift
/// let outcome = try BisectRun(plan: plan, folder: try RunFolder.create(at: nil)).run()
/// print(outcome.conclusion)
/// ```
package struct BisectRun: Sendable {
    /// What to bisect.
    package let plan: BisectPlan
    /// Where `bisect.json`, the build logs and every step's comparison go.
    package let folder: RunFolder
    /// What performs the launches.
    package let launcher: any Launcher

    /// Creates a bisect of `plan` into `folder`.
    package init(plan: BisectPlan, folder: RunFolder, launcher: any Launcher = AppLauncher()) {
        self.plan = plan
        self.folder = folder
        self.launcher = launcher
    }

    /// The file of the outcome in ``folder``.
    package var outcomeURL: URL { folder.url.appendingPathComponent(BisectOutcome.fileName) }

    /// Runs the bisect, or goes on with `resumed` (an earlier outcome of the same plan).
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when the range cannot be read, the good
    ///   commit does not build or launch, or a file cannot be written.
    package func run(resuming resumed: BisectOutcome? = nil, progress: @escaping (BisectEvent) -> Void = { _ in })
        throws -> BisectOutcome
    {
        let repository = try GitRepository(containing: URL(filePath: plan.settings.repository))
        var outcome = try resumed ?? start(repository)
        progress(.started(commits: outcome.commits.count))
        let worktrees = BisectWorktrees(repository: repository)
        defer { worktrees.removeAll() }
        guard let (built, badBuild) = try buildEnds(&outcome, worktrees: worktrees, progress: progress),
            let ends = try measureEnds(&outcome, built, badBuild: badBuild, progress: progress)
        else {
            return try finish(outcome)
        }
        while let index = outcome.search.next(), !isInterrupted {
            let commit = outcome.commits[index]
            guard
                let step = try measure(
                    commit, between: built, gaps: ends.gaps, alpha: ends.stepAlpha, worktrees: worktrees,
                    progress: progress)
            else { break }
            outcome.steps.append(step)
            outcome.conclusion = outcome.search.conclusion
            try outcome.write(to: outcomeURL)
            progress(.stepFinished(step, left: outcome.conclusion.commits.count))
        }
        return try finish(outcome)
    }

    /// A new outcome: the range read from git.
    private func start(_ repository: GitRepository) throws -> BisectOutcome {
        let settings = plan.settings
        let commits = try repository.range(from: settings.good, to: settings.bad)
        return BisectOutcome(settings: settings, good: try repository.describe(settings.good), commits: commits)
    }

    /// The outcome with its final conclusion, written.
    private func finish(_ outcome: BisectOutcome) throws -> BisectOutcome {
        var outcome = outcome
        outcome.conclusion = outcome.search.conclusion
        try outcome.write(to: outcomeURL)
        return outcome
    }

    var isInterrupted: Bool { RunInterruption.signal != nil || launcher.interruption != nil }
}
