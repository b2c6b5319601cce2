import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

/// `launchprof bisect` through the built CLI on a repository of a 1 ms C program
/// (`Fixtures/bisect/make-napping-repository.sh`): each step places its commit on the gap between
/// the good and the bad commit, so a commit that only changes a comment is decided like the good
/// one in a handful of launches, however noisy a 1 ms launch is on a busy machine.
@Suite("Bisect: the gap between the ends decides each step", .serialized)
struct BisectGapTests {
    /// Makes the repository in `folder` (`whole`: the fifth commit waits 20 ms more; `half`: the
    /// fifth 10 ms and the seventh 10 ms more) and returns its commits, oldest first.
    static func makeRepository(in folder: URL, mode: String) throws -> [String] {
        let script = BuiltProducts.fixtures.appendingPathComponent("bisect/make-napping-repository.sh").path
        let made = try BuiltProducts.run("/bin/sh", [script, folder.path, mode], timeout: 60)
        try #require(made.status == 0, "make-napping-repository.sh: \(made.stderr)")
        let log = try BuiltProducts.run("/usr/bin/env", ["git", "log", "--reverse", "--format=%H"], in: folder)
        let commits = log.stdout.split(separator: "\n").map(String.init)
        try #require(commits.count == 8)
        return commits
    }

    /// Runs the bisect of c1 (good) to c8 (bad) in `mode`'s repository, with a busy loop running
    /// beside it on one CPU when `hog`; returns the commits, the output and the outcome.
    static func bisect(mode: String, hog: Bool) throws -> ([String], ProductProcess.Output, BisectOutcome) {
        let scratch = try BuiltProducts.scratchFolder("bisect-\(mode)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let repository = scratch.appendingPathComponent("repo")
        let commits = try makeRepository(in: repository, mode: mode)
        let busy = hog ? try ProductProcess.start("/bin/sh", ["-c", "while :; do :; done"]) : nil
        defer {
            // SIGKILL: the shell may have inherited an ignored SIGTERM from the test runner.
            if let busy { kill(busy.process.processIdentifier, SIGKILL) }
            busy?.process.waitUntilExit()
        }
        let output = scratch.appendingPathComponent("out")
        let result = try BuiltProducts.launchprof(
            [
                "bisect", "--good", commits[0], "--bad", "main", "--build", "cc -O1 -o app app.c", "--max-runs", "40",
                "--output", output.path, "--", "./app",
            ], in: repository)
        let file = output.appendingPathComponent("bisect.json")
        let problems = try JSONSchemaValidator.validate([file], against: JSONSchemaValidator.schema("bisect"))
        #expect(problems[file.path] == [], "\(problems)")
        return (commits, result, try BisectOutcome.load(from: file))
    }

    @Test("with a CPU kept busy beside it, the fifth commit (20 ms more) is named, exit 0, the error rate stated")
    func namesTheFifthBesideABusyLoop() throws {
        let (commits, result, outcome) = try Self.bisect(mode: "whole", hog: true)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(outcome.conclusion == BisectConclusion(kind: .found, commits: [commits[4]]), "\(result.stdout)")
        #expect(outcome.culprit?.verdict == .bad)
        let ends = try #require(outcome.ends)
        #expect(ends.step.commit == commits[7] && ends.step.verdict == .bad)
        #expect(ends.gaps.map(\.metric) == [.timeToReady])
        #expect(ends.gaps[0].effect > 3, "a 1 ms program against one that waits 20 ms more: \(ends.gaps)")
        for step in outcome.steps where step.commit != commits[4] {
            #expect(step.verdict == .good, "\(step.commit.prefix(10)): \(step.reason)")
        }
        #expect(outcome.errorBound <= outcome.settings.comparison.alpha + 1e-12)
        #expect(result.stdout.contains("the bisect errs with probability at most"), "\(result.stdout)")
        #expect(result.stdout.contains("The first bad commit is \(commits[4].prefix(10)) \"Change 5: wait 20 ms"))
    }

    @Test("a commit that adds half the regression is named, and reported as between the two ends")
    func halfTheRegression() throws {
        let (commits, result, outcome) = try Self.bisect(mode: "half", hog: false)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(outcome.conclusion == BisectConclusion(kind: .found, commits: [commits[4]]), "\(result.stdout)")
        let culprit = try #require(outcome.culprit)
        #expect(culprit.verdict == .between, "\(culprit.reason)")
        #expect(culprit.reason.hasPrefix("Between the ends, a partial regression:"), "\(culprit.reason)")
        #expect(result.stdout.contains("It adds part of the regression"), "\(result.stdout)")
    }
}
