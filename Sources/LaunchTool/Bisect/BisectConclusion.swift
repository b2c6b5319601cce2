/// What a bisect concluded.
package struct BisectConclusion: Codable, Sendable, Equatable {
    /// The kinds of conclusion.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// One commit is the first bad one: it is slower than the good commit and its parent is not.
        case found
        /// The first bad commit is one of ``BisectConclusion/commits``: the commits between them
        /// were skipped (they did not build or launch).
        case oneOf
        /// A step was not decided at the launch limit; ``BisectConclusion/commits`` is the range
        /// left, the first bad commit among them. Nothing is guessed.
        case undecided
        /// The bad commit is not slower than the good one: there is nothing to bisect.
        case notReproduced
        /// The bisect was interrupted before it concluded; ``BisectConclusion/commits`` is the
        /// range left. `launchprof bisect --resume FOLDER` goes on.
        case interrupted
    }

    /// The kind.
    package var kind: Kind
    /// The first bad commit (``Kind/found``), or the candidates for it, oldest first.
    package var commits: [String]

    /// Creates a conclusion.
    package init(kind: Kind, commits: [String]) {
        self.kind = kind
        self.commits = commits
    }
}
