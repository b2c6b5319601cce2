import LaunchRunner

/// Progress of `launchprof bisect`, for the CLI's lines on standard error.
package enum BisectEvent: Sendable {
    /// What a commit is to the bisect.
    package enum Role: String, Sendable {
        /// The good end, every step's base.
        case good
        /// The bad end, measured against the good one first and launched beside every candidate.
        case bad
        /// A commit of the range, placed between the ends.
        case candidate
    }

    /// The range is known: `commits` after the good commit through the bad one.
    case started(commits: Int)
    /// A commit's build started.
    case building(BisectCommit, Role)
    /// A commit's build ended.
    case built(BisectCommit, BuildResult)
    /// The comparison of a commit (the bad end against the good one, or a candidate beside both)
    /// made progress.
    case comparing(BisectCommit, Role, ComparisonEvent)
    /// A step was judged; `left` commits may still be the first bad one.
    case stepFinished(BisectStep, left: Int)
}
