import LaunchTrace

/// What a bisect searches and how it compares, recorded in `bisect.json` so that an interrupted
/// bisect resumes with the same range, build and test.
package struct BisectSettings: Codable, Sendable, Equatable {
    /// The repository's top-level directory.
    package var repository: String
    /// The commit known to be good (full hash).
    package var good: String
    /// The commit known to be bad (full hash).
    package var bad: String
    /// The shell command that builds a commit, run in its worktree.
    package var build: String
    /// The program to launch, relative to the worktree (`.build/release/MyApp`).
    package var program: String
    /// Its arguments.
    package var arguments: [String]
    /// The metrics compared (empty: what fits the program, as `compare` chooses).
    package var metrics: [MetricName]
    /// The sequential test's settings.
    package var comparison: ComparisonSettings
    /// The most measured launches per build and step.
    package var maxRuns: Int
    /// Launches of each build before the measured ones, discarded.
    package var warmup: Int

    /// Creates settings.
    package init(
        repository: String, good: String, bad: String, build: String, program: String, arguments: [String],
        metrics: [MetricName], comparison: ComparisonSettings, maxRuns: Int, warmup: Int
    ) {
        self.repository = repository
        self.good = good
        self.bad = bad
        self.build = build
        self.program = program
        self.arguments = arguments
        self.metrics = metrics
        self.comparison = comparison
        self.maxRuns = maxRuns
        self.warmup = warmup
    }
}
