import LaunchTrace

/// What `launchprof compare` produced: the outcome, each build's summary, and the folder.
public struct ComparisonRunResult: Sendable {
    /// The decisions, effects, rule verdicts and findings side by side.
    public var outcome: ComparisonOutcome
    /// The base build's summary (with findings).
    public var baseSummary: RunSummary
    /// The head build's summary (with findings).
    public var headSummary: RunSummary
    /// The folder with `comparison.json`, `base/` and `head/`.
    public var folder: RunFolder
    /// A bisect step's placement of head between base and the reference, per metric (empty
    /// without a reference).
    public var placements: [BisectPlacement]
}
