import Foundation
import LaunchTrace

/// A run's metrics in Bencher Metric Format (BMF, `bencher run --adapter json`): one benchmark
/// per metric (`SampleApp/warm/timeToFirstFrame`) whose measure is the median with its 95 %
/// interval as `lower_value` and `upper_value`. Times use Bencher's built-in `latency` measure
/// (nanoseconds); sizes `memory` (bytes) and counts `count`, which Bencher creates on first use.
///
/// ```swift
/// try BencherMetricFormat.render(summary: summary)
/// // {"SampleApp/warm/timeToFirstFrame": {"latency": {"lower_value": …, "upper_value": …, "value": 250600000}}}
/// ```
package enum BencherMetricFormat {
    /// The measure slug of a metric kind.
    package static func measure(of kind: MetricKind) -> String {
        switch kind {
        case .time: "latency"
        case .bytes: "memory"
        case .count: "count"
        case .share: "share"
        }
    }

    /// The JSON, sorted keys, ending with a newline.
    package static func render(summary: RunSummary) throws -> String {
        var benchmarks: [String: [String: [String: Double]]] = [:]
        for item in DashboardMetric.all(in: summary) {
            let interval = item.metric.medianInterval
            benchmarks[item.name] = [
                measure(of: item.metric.kind): [
                    "value": item.metric.statistics.median, "lower_value": interval.lower,
                    "upper_value": interval.upper,
                ]
            ]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(benchmarks), as: UTF8.self) + "\n"
    }
}
