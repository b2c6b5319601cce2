import LaunchTrace

/// One step of a bisect: a commit built, compared against the good commit, and judged.
package struct BisectStep: Codable, Sendable, Equatable {
    /// The commit's full hash.
    package var commit: String
    /// What the step said of it.
    package var verdict: BisectVerdict
    /// Why, in a sentence (the decision and effect, or why it was skipped).
    package var reason: String
    /// The build.
    package var build: BisectBuild
    /// The comparison's folder relative to the bisect's folder (`comparison.json`, `base/`,
    /// `head/`), when it was compared.
    package var folder: String?
    /// Every compared metric against the good commit, when it was compared.
    package var metrics: [MetricComparison]
    /// Every phase, span and part before `main` compared on the same blocks.
    package var parts: ComparisonParts?
    /// The functions whose cost per launch moved.
    package var functions: [FunctionChange]?
    /// Where the candidate sits between the ends, per metric of the gap, launched beside both
    /// (none for the ends' own step).
    package var placements: [BisectPlacement]?

    /// Creates a step.
    package init(
        commit: String, verdict: BisectVerdict, reason: String, build: BisectBuild, folder: String? = nil,
        metrics: [MetricComparison] = [], parts: ComparisonParts? = nil, functions: [FunctionChange]? = nil,
        placements: [BisectPlacement]? = nil
    ) {
        self.commit = commit
        self.verdict = verdict
        self.reason = reason
        self.build = build
        self.folder = folder
        self.metrics = metrics
        self.parts = parts
        self.functions = functions
        self.placements = placements
    }
}
