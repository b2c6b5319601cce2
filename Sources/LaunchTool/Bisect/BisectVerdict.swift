/// What one step of a bisect said of its commit.
package enum BisectVerdict: String, Codable, Sendable, CaseIterable {
    /// Like the good commit: its launches are nearer the good commit's than the bad one's.
    case good
    /// Like the bad commit: its launches are nearer the bad commit's than the good one's.
    case bad
    /// Between the two ends (a partial regression): its launches sit in the middle half of the
    /// gap between the good and the bad commit. The search takes it as bad (the regression, or
    /// part of it, is there).
    case between
    /// Not measured: the commit did not build, or its program did not launch (as `git bisect skip`).
    case skipped
    /// Measured but not decided at the launch limit: the bisect stops there rather than guess.
    case undecided

    /// Whether the search takes the commit as one with the regression in it.
    package var isBad: Bool { self == .bad || self == .between }
}
