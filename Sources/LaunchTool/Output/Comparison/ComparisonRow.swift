import LaunchTrace

/// One compared metric as the comparison reports show it: decision, effect with its
/// interval, and each build's median.
package struct ComparisonRow: Sendable, Equatable {
    /// The metric.
    package var metric: String
    /// The decision.
    package var decision: ComparisonDecision
    /// `+4.9%`, or `–` before two blocks.
    package var effect: String
    /// `+3.1% … +6.8% (95%)`, or `–`.
    package var interval: String
    /// Base median with unit.
    package var baseMedian: String
    /// Head median with unit.
    package var headMedian: String
    /// Blocks that measured the metric.
    package var blocks: Int

    /// The row of `comparison`.
    package init(_ comparison: MetricComparison) {
        let kind = MetricCatalog.kind(of: comparison.metric) ?? .time
        metric = comparison.metric.rawValue
        decision = comparison.decision
        let measured = comparison.blocks > 0
        effect = measured ? Self.percent(comparison.effect) : "–"
        interval =
            comparison.effectInterval.map {
                "\(Self.percent($0.lower)) … \(Self.percent($0.upper)) (\(Self.level($0.level)))"
            } ?? "–"
        baseMedian = ReportText.value(Self.median(comparison.baseSamples), kind)
        headMedian = ReportText.value(Self.median(comparison.headSamples), kind)
        blocks = comparison.blocks
    }

    /// The rows of every compared metric.
    package static func rows(_ outcome: ComparisonOutcome) -> [ComparisonRow] {
        outcome.test.metrics.map(ComparisonRow.init)
    }

    /// `+4.9%` from a fraction.
    package static func percent(_ fraction: Double) -> String { BaseBudgetVerdict.percent(fraction) }

    /// `95%` or `97.5%`.
    static func level(_ level: Double) -> String {
        let tenths = (level * 1000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : "\(tenths / 10)%"
    }

    /// The last line of the text report, like `run`'s: `Result: head regressed (exit 2)`.
    package static func result(_ outcome: ComparisonOutcome) -> String {
        let code = outcome.exitCode
        let what: String =
            switch code {
            case .interrupted: "interrupted"
            case .launchFailed: "\(outcome.failedBuild?.rawValue ?? "a build") failed to launch"
            case .budgetExceeded: outcome.decision == .regressed ? "head regressed" : "a rule against base failed"
            case .inconclusive: "inconclusive"
            case .success: outcome.decision == .improved ? "head improved" : "head is the same as base"
            case .usageError, .historyNotRecorded: ReportText.result(code)
            }
        return "Result: \(what) (exit \(code.rawValue))"
    }

    /// One line saying what the comparison decided and how many launches it took.
    package static func headline(_ outcome: ComparisonOutcome) -> String {
        if outcome.interruptedBy != nil {
            return "interrupted after \(outcome.base.launches) base and \(outcome.head.launches) head launches"
        }
        if let failed = outcome.failedBuild {
            return
                "\(failed.rawValue) failed to launch after \(outcome.base.launches) base and \(outcome.head.launches) head launches"
        }
        return
            "\(outcome.decision.rawValue) after \(outcome.base.launches) base and \(outcome.head.launches) head launches"
    }

    private static func median(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
