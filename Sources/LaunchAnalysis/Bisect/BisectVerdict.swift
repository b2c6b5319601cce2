/// What one step of a bisect said of its commit.
public enum BisectVerdict: String, Codable, Sendable, CaseIterable {
    /// Not slower than the good commit: the sequential test decided same or improved.
    case good
    /// Slower than the good commit: the sequential test decided regressed.
    case bad
    /// Not measured: the commit did not build, or its program did not launch (as `git bisect skip`).
    case skipped
    /// Measured but not decided at the launch limit: the bisect stops there rather than guess.
    case undecided
}
