import LaunchTrace

/// Checks a summary read from a file (a run's `summary.json`, a saved baseline) for values no
/// launch can produce, as ``LaunchTrace/decode(_:file:)`` checks traces: a sample, statistic
/// or confidence bound of a time metric outside 0 to one day (``LaunchTrace/maximumTimeNs``),
/// of a byte or count metric outside 0 to 2^53 (``LaunchTrace/maximumCount``), a spread ratio
/// or a finding's cost that is negative or not finite. Summaries built from validated traces
/// always pass; a hand-edited one with `1e308` is rejected with its path instead of making the
/// statistics infinite and the reports unreadable:
///
/// ```text
/// main.json: at scenarios.warm.metrics.timeToFirstFrame.samples[2]: The summary holds a value no launch can produce: the value 1e+308 is not valid. Expected a time from 0 to 86400000000000 ns (one day).
/// ```
struct RunSummaryValidator {
    let file: String

    /// Throws the first impossible value of `summary`, scenarios and metrics in name order.
    func validate(_ summary: RunSummary) throws(LaunchProfilerError) {
        for name in summary.scenarios.keys.sorted() {
            guard let metrics = summary.scenarios[name]?.metrics else { continue }
            for metricName in metrics.keys.sorted() {
                guard let metric = metrics[metricName] else { continue }
                try validate(metric, at: "scenarios.\(name).metrics.\(metricName)")
            }
        }
        for (i, finding) in (summary.findings?.findings ?? []).enumerated() {
            let path = "findings.findings[\(i)]"
            try value(finding.medianCostNs, kind: .time, at: "\(path).medianCostNs")
            try value(finding.impactNs, kind: .time, at: "\(path).impactNs")
            if let share = finding.phaseShare { try ratio(share, at: "\(path).phaseShare") }
            if let share = finding.firstFrameShare { try ratio(share, at: "\(path).firstFrameShare") }
        }
    }

    private func validate(_ metric: MetricSummary, at path: String) throws(LaunchProfilerError) {
        for (i, sample) in metric.samples.enumerated() {
            try value(sample, kind: metric.kind, at: "\(path).samples[\(i)]")
        }
        let statistics = metric.statistics
        let named: [(String, Double?)] = [
            ("min", statistics.min), ("median", statistics.median), ("mean", statistics.mean), ("p90", statistics.p90),
            ("p95", statistics.p95), ("p99", statistics.p99), ("max", statistics.max),
            ("standardDeviation", statistics.standardDeviation), ("mad", statistics.mad),
            ("scaledMAD", statistics.scaledMAD),
        ]
        for case (let key, let number?) in named {
            try value(number, kind: metric.kind, at: "\(path).statistics.\(key)")
        }
        for (key, interval) in [("medianInterval", metric.medianInterval), ("p90Interval", metric.p90Interval)] {
            try value(interval.lower, kind: metric.kind, at: "\(path).\(key).lower")
            try value(interval.upper, kind: metric.kind, at: "\(path).\(key).upper")
        }
        if let ratio = metric.spread.relativeMAD { try self.ratio(ratio, at: "\(path).spread.relativeMAD") }
        if let ratio = metric.spread.relativeIntervalHalfWidth {
            try self.ratio(ratio, at: "\(path).spread.relativeIntervalHalfWidth")
        }
    }

    /// A value of a metric of `kind`: a time from 0 to one day, bytes or a count from 0 to 2^53.
    private func value(_ number: Double, kind: MetricKind, at path: String) throws(LaunchProfilerError) {
        switch kind {
        case .time:
            guard number >= 0, number <= Double(LaunchTrace.maximumTimeNs) else {
                throw problem(at: path, number, "Expected a time from 0 to \(LaunchTrace.maximumTimeNs) ns (one day).")
            }
        case .share:
            guard number >= 0, number <= 1 else {
                throw problem(at: path, number, "Expected a share of the launch from 0 to 1.")
            }
        case .bytes, .count:
            guard number >= 0, number <= Double(LaunchTrace.maximumCount) else {
                throw problem(
                    at: path, number,
                    "Expected a \(kind == .bytes ? "byte count" : "count") from 0 to \(LaunchTrace.maximumCount).")
            }
        }
    }

    /// A ratio: finite and not negative.
    private func ratio(_ number: Double, at path: String) throws(LaunchProfilerError) {
        guard number >= 0, number.isFinite else {
            throw problem(at: path, number, "Expected a finite ratio, 0 or more.")
        }
    }

    private func problem(at path: String, _ number: Double, _ expected: String) -> LaunchProfilerError {
        LaunchProfilerError(
            .invalidFile, "The summary holds a value no launch can produce:",
            context: .init(file: file, jsonPath: path, value: "\(number)", expected: expected)
        )
    }
}
