import ArgumentParser
import LaunchTool
import LaunchTrace

/// The sequential test of `compare` and `bisect`: the metrics, the allowed effect, the error
/// rate, the most launches and the block order's seed.
struct SequentialTestOptions: ParsableArguments {
    @Option(
        help:
            "A metric to compare (repeatable; default: timeToFirstFrame for a LaunchKit app, timeToReady for any other program, which then runs with no instruments)."
    )
    var metric: [String] = []

    @Option(help: "The allowed effect in percent: within it the builds are the same.")
    var minEffect: Double = 2

    @Option(help: "The error rate of all metrics together (split between them).")
    var alpha: Double = 0.05

    @Option(help: "The most measured launches per build.")
    var maxRuns: Int = 60

    @Option(help: "Seed of the randomised ABBA block order (default: random; printed with the result).")
    var seed: UInt64?

    func validate() throws {
        guard minEffect > 0, minEffect < 100 else {
            throw ValidationError("--min-effect must be a percentage between 0 and 100, not \(minEffect).")
        }
        guard alpha > 0, alpha < 0.5 else { throw ValidationError("--alpha must be between 0 and 0.5, not \(alpha).") }
        guard maxRuns >= 8 else {
            throw ValidationError(
                "--max-runs must be at least 8 (two blocks of four launches per build), not \(maxRuns).")
        }
        for name in metric where !MetricCatalog.isValid(MetricName(rawValue: name)) {
            throw ValidationError("--metric \(name) is not a metric name; see docs/budgets.md for the names.")
        }
    }

    /// The metrics to compare; none named: the comparison chooses what fits the program (the
    /// time to the first frame of a LaunchKit app, the time to ready of any other).
    var metrics: [MetricName] {
        metric.map { MetricName(rawValue: $0) }
    }

    /// The sequential test's settings.
    var settings: ComparisonSettings {
        ComparisonSettings(minEffect: minEffect / 100, alpha: alpha)
    }
}
