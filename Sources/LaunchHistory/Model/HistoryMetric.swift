import LaunchTrace

/// One metric of one scenario in a recorded run: every launch's value and its summary.
package struct HistoryMetric: Codable, Sendable, Equatable {
    /// The scenario the values were measured in.
    package var scenario: String
    /// The metric.
    package var metric: String
    /// Completed launches with a value.
    package var count: Int
    /// Median of ``values``.
    package var median: Double
    /// 10th percentile of ``values``.
    package var p10: Double
    /// 90th percentile of ``values``.
    package var p90: Double
    /// Mean of ``values``.
    package var mean: Double
    /// Every launch's value, in launch order; empty when a query left them out.
    package var values: [Double]

    /// Creates a metric from stored fields.
    package init(
        scenario: String, metric: String, count: Int, median: Double, p10: Double, p90: Double, mean: Double,
        values: [Double]
    ) {
        self.scenario = scenario
        self.metric = metric
        self.count = count
        self.median = median
        self.p10 = p10
        self.p90 = p90
        self.mean = mean
        self.values = values
    }
}
