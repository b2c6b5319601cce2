import LaunchTrace

/// One metric over the completed launches of a scenario: raw samples, statistics,
/// confidence intervals, outliers and a spread check.
package struct MetricSummary: Codable, Sendable, Equatable {
    /// The metric's name.
    package var name: MetricName
    /// The metric's kind (unit).
    package var kind: MetricKind
    /// The raw values, in launch order, in the kind's base unit.
    package var samples: [Double]
    /// The launch index (``LaunchRunner/LaunchRecord/index``) of each sample.
    package var launchIndices: [Int]
    /// Statistics of ``samples``.
    package var statistics: SampleStatistics
    /// Bootstrap confidence interval of the median.
    package var medianInterval: ConfidenceInterval
    /// Bootstrap confidence interval of the 90th percentile.
    package var p90Interval: ConfidenceInterval
    /// Launch indices of the samples flagged by ``OutlierDetector``.
    package var outlierLaunches: [Int]
    /// Whether the spread is too wide to trust.
    package var spread: SpreadAssessment

    /// Summarizes samples of a metric; `launchIndices` pairs each sample with its launch.
    ///
    /// - Precondition: `samples` is not empty and as long as `launchIndices`.
    package init(
        name: MetricName, kind: MetricKind, samples: [Double], launchIndices: [Int],
        bootstrap: Bootstrap = Bootstrap(), outliers: OutlierDetector = OutlierDetector(),
        spreadLimit: Double = SpreadAssessment.defaultLimit
    ) {
        precondition(samples.count == launchIndices.count, "Every sample needs a launch index.")
        self.name = name
        self.kind = kind
        self.samples = samples
        self.launchIndices = launchIndices
        statistics = SampleStatistics(samples: samples)
        let intervals = bootstrap.confidenceIntervals(for: [.median, .p90], of: samples)
        medianInterval = intervals[.median]!
        p90Interval = intervals[.p90]!
        outlierLaunches = outliers.outlierIndices(in: samples).map { launchIndices[$0] }
        spread = SpreadAssessment(statistics: statistics, medianInterval: medianInterval, limit: spreadLimit)
    }
}
