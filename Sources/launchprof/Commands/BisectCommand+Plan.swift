import ArgumentParser
import Foundation
import LaunchRunner
import LaunchTool

extension BisectCommand {
    /// The plan, its folder, and the outcome it goes on from when resuming.
    func makePlan() throws -> (BisectPlan, RunFolder, BisectOutcome?) {
        let launchSpecification = launch.specification(
            of: ["."], readiness: try readiness.settings(), instruments: try instruments.settings())
        let seed = test.seed ?? UInt64.random(in: 0...UInt64.max)
        if let resume {
            let folder = RunFolder(url: URL(filePath: resume))
            let outcome = try BisectOutcome.load(from: folder.url.appendingPathComponent(BisectOutcome.fileName))
            return (BisectPlan(settings: outcome.settings, launch: launchSpecification, seed: seed), folder, outcome)
        }
        let repository = try GitRepository(containing: URL(filePath: repository))
        let settings = BisectSettings(
            repository: repository.directory.path, good: try repository.commit(good ?? ""),
            bad: try repository.commit(bad ?? ""), build: build ?? "", program: command[0],
            arguments: Array(command.dropFirst()), metrics: test.metrics, comparison: test.settings,
            maxRuns: test.maxRuns, warmup: warmup)
        let folder = try RunFolder.create(at: output)
        return (BisectPlan(settings: settings, launch: launchSpecification, seed: seed), folder, nil)
    }

    /// `--clean`: removes the bisect worktrees of the repository and says which.
    func cleanWorktrees() throws {
        let removed = try BisectWorktrees.clean(try GitRepository(containing: URL(filePath: repository)))
        try Terminal.write(
            removed.isEmpty
                ? "No bisect worktree to remove."
                : "Removed \(removed.count) bisect worktree\(removed.count == 1 ? "" : "s"):\n"
                    + removed.map { "  \($0)\n" }.joined(),
            terminator: removed.isEmpty ? "\n" : "")
    }
}
