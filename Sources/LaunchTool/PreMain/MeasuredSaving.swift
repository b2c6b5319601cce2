import LaunchTrace

/// What a piece of pre-main advice saved when launchprof built the change and compared the two
/// builds with compare's sequential test: the program as profiled (base) against the build with
/// the change (head), on the time to `main` of pre-main launches.
package struct MeasuredSaving: Codable, Sendable, Equatable {
    /// The command that built the alternative.
    package var build: String
    /// The metric the saving is of (`preMain.total`, the time to `main`).
    package var metric: MetricName
    /// The sequential test's decision: `improved` when the change made it shorter.
    package var decision: ComparisonDecision
    /// Base's median of the metric, in nanoseconds.
    package var baseMedianNs: Double
    /// The alternative's median, in nanoseconds.
    package var headMedianNs: Double
    /// The change head/base − 1 (−0.3 for 30 % shorter), from the test's blocks.
    package var effect: Double
    /// Its interval, at the comparison's level.
    package var effectInterval: ConfidenceInterval?
    /// Launches of each build the test needed.
    package var launches: Int
    /// The comparison's folder, relative to the run folder (`builds/nonPIEExecutable/comparison`).
    package var folder: String

    /// Creates a measured saving.
    package init(
        build: String, metric: MetricName, decision: ComparisonDecision, baseMedianNs: Double, headMedianNs: Double,
        effect: Double, effectInterval: ConfidenceInterval?, launches: Int, folder: String
    ) {
        self.build = build
        self.metric = metric
        self.decision = decision
        self.baseMedianNs = baseMedianNs
        self.headMedianNs = headMedianNs
        self.effect = effect
        self.effectInterval = effectInterval
        self.launches = launches
        self.folder = folder
    }

    /// The time removed: base's median less the alternative's (negative when it grew).
    package var savingNs: Double { baseMedianNs - headMedianNs }
}
