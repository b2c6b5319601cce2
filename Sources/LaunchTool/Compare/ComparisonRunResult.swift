import LaunchTrace

/// What `launchprof compare` produced: the outcome, each build's summary, and the folder.
package struct ComparisonRunResult: Sendable {
    /// The decisions, effects, rule verdicts and findings side by side.
    package var outcome: ComparisonOutcome
    /// The base build's summary (with findings).
    package var baseSummary: RunSummary
    /// The head build's summary (with findings).
    package var headSummary: RunSummary
    /// The folder with `comparison.json`, `base/` and `head/`.
    package var folder: RunFolder
    /// A bisect step's placement of head between base and the reference, per metric (empty
    /// without a reference).
    package var placements: [BisectPlacement]
}
