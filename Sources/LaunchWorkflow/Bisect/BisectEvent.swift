import LaunchAnalysis
import LaunchRunner

/// Progress of `launchprof bisect`, for the CLI's lines on standard error.
public enum BisectEvent: Sendable {
    /// The range is known: `commits` after the good commit through the bad one.
    case started(commits: Int)
    /// A commit's build started (`isGood`: the good commit every step compares against).
    case building(BisectCommit, isGood: Bool)
    /// A commit's build ended.
    case built(BisectCommit, BuildResult)
    /// The comparison of a commit against the good commit made progress.
    case comparing(BisectCommit, ComparisonEvent)
    /// A step was judged; `left` commits may still be the first bad one.
    case stepFinished(BisectStep, left: Int)
}
