import LaunchHistory

extension HistoryMetric {
    /// Creates a metric from its values (not empty).
    package init(scenario: String, metric: String, values: [Double]) {
        let sorted = values.sorted()
        self.init(
            scenario: scenario, metric: metric, count: values.count,
            median: Descriptive.median(sorted: sorted), p10: Descriptive.percentile(sorted: sorted, 10),
            p90: Descriptive.percentile(sorted: sorted, 90), mean: Descriptive.mean(values), values: values
        )
    }
}
