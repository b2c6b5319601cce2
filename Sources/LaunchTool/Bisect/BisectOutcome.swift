import Foundation
import LaunchTrace

/// The result of `launchprof bisect`, written as `bisect.json` after every step: what was
/// searched, the good commit's build, every step, and the conclusion with the first bad commit's
/// effect and what moved in it.
package struct BisectOutcome: Codable, Sendable, Equatable {
    /// The format version this library writes.
    package static let currentSchemaVersion = 1

    /// Format version.
    package var schemaVersion = BisectOutcome.currentSchemaVersion
    /// What was searched and how.
    package var settings: BisectSettings
    /// The commits after the good one through the bad one, oldest first.
    package var commits: [BisectCommit]
    /// The good commit.
    package var good: BisectCommit
    /// The good commit's build (every step compares against it), once built.
    package var goodBuild: BisectBuild?
    /// The bad commit measured against the good one before any candidate, with their gap (nil
    /// until measured, and in files written before it was recorded).
    package var ends: BisectEnds?
    /// The steps in the order they ran, the ends' not included.
    package var steps: [BisectStep]
    /// What the steps conclude.
    package var conclusion: BisectConclusion

    /// Creates an outcome with no steps yet.
    package init(settings: BisectSettings, good: BisectCommit, commits: [BisectCommit]) {
        self.settings = settings
        self.good = good
        self.commits = commits
        self.steps = []
        self.conclusion = BisectConclusion(kind: .interrupted, commits: commits.map(\.hash))
    }

    /// The search with every step's verdict recorded.
    package var search: BisectSearch {
        var search = BisectSearch(commits: commits.map(\.hash))
        if let ends { search.record(ends.step.verdict, of: ends.step.commit) }
        for step in steps { search.record(step.verdict, of: step.commit) }
        return search
    }

    /// The commit with `hash`, if it is in the range.
    package func commit(_ hash: String) -> BisectCommit? {
        commits.first { $0.hash == hash } ?? (hash == good.hash ? good : nil)
    }

    /// The step that measured `hash`, if any.
    package func step(of hash: String) -> BisectStep? {
        steps.last { $0.commit == hash } ?? (ends?.step.commit == hash ? ends?.step : nil)
    }

    /// The steps the bisect plans at most when no commit is skipped: the ends, then a binary
    /// search of the range (⌈log₂ commits⌉). Each step's error rate is the bisect's over this.
    package var plannedSteps: Int {
        1 + Int(ceil(log2(Double(max(1, commits.count)))))
    }

    /// The error rate of each step: `--alpha` split evenly over ``plannedSteps``.
    package var stepAlpha: Double { ends?.stepAlpha ?? settings.comparison.alpha / Double(plannedSteps) }

    /// The bound on the probability that any step measured so far decided wrongly (the ends'
    /// included): the step error rate times the steps (at most `--alpha` unless skipped commits
    /// made the search longer than planned).
    package var errorBound: Double {
        let measured = steps.filter { $0.verdict != .skipped }.count + (ends == nil ? 0 : 1)
        return stepAlpha * Double(measured)
    }

    /// The first bad commit's step, when the bisect found one.
    package var culprit: BisectStep? {
        conclusion.kind == .found ? conclusion.commits.first.flatMap(step(of:)) : nil
    }

    /// How many commits were built, both ends included.
    package var builds: Int { steps.count + (goodBuild == nil ? 0 : 1) + (ends == nil ? 0 : 1) }

    /// 0 when one commit was found; 4 when the bisect stopped undecided, found only a set of
    /// candidates or did not reproduce the regression; 130 when it was interrupted.
    package var exitCode: ProfilerExitStatus {
        switch conclusion.kind {
        case .found: .success
        case .oneOf, .undecided, .notReproduced: .inconclusive
        case .interrupted: .interrupted
        }
    }
}
