import Foundation
import LaunchTrace

/// A run's metrics for github-action-benchmark's `customSmallerIsBetter` tool: an array of
/// `{name, unit, value, range, extra}` (its `BenchmarkResult`), the median in milliseconds,
/// megabytes or a count, its 95 % interval as the range, and the launches and p90 as extra.
///
/// ```yaml
/// - uses: benchmark-action/github-action-benchmark@v1
///   with: { tool: customSmallerIsBetter, output-file-path: launch-benchmark.json }
/// ```
package enum BenchmarkActionFormat {
    struct Entry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String
        var extra: String
    }

    /// The JSON array, sorted keys, ending with a newline.
    package static func render(summary: RunSummary) throws -> String {
        let entries = DashboardMetric.all(in: summary).map { item in
            let readable = item.readable
            let half = max(readable.upper - readable.value, readable.value - readable.lower)
            let p90 = item.metric.kind.format(item.metric.statistics.p90)
            return Entry(
                name: item.name, unit: readable.unit, value: rounded(readable.value),
                range: "± \(rounded(half))", extra: "median of \(item.metric.statistics.n) launches; p90 \(p90)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }

    /// Three significant decimals are as many as a launch time has.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
