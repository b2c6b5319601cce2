import LaunchAnalysis
import LaunchTrace

/// Phrases every report format shares, so they say the same thing the same way.
public enum ReportText {
    /// Outcomes in the order reports list them.
    public static let outcomeOrder: [LaunchRecord.Outcome] = [
        .completed, .exitedWithError, .crashed, .timedOut, .noTrace, .invalidTrace, .spawnFailed, .exitedBeforeReady,
    ]

    /// `20 launches: 19 completed, 1 crashed`; with fewer diagnosis launches than measurement
    /// launches, `3 launches: 3 completed, and 8 measurement launches`.
    public static func launchesLine(_ summary: RunSummary) -> String {
        let counts = summary.outcomeCounts
        let parts = outcomeOrder.compactMap { outcome in counts[outcome].map { "\($0) \(outcomeName(outcome))" } }
        let noun = summary.launches.count == 1 ? "launch" : "launches"
        let measured = summary.timingLaunches?.count ?? 0
        return "\(summary.launches.count) \(noun)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
            + (measured > summary.launches.count ? ", and \(measured) measurement launches" : "")
    }

    /// A readable name of an outcome: `completed`, `exited with error`, `timed out`, …
    public static func outcomeName(_ outcome: LaunchRecord.Outcome) -> String {
        switch outcome {
        case .completed: "completed"
        case .exitedWithError: "exited with error"
        case .crashed: "crashed"
        case .timedOut: "timed out"
        case .noTrace: "wrote no trace"
        case .invalidTrace: "invalid trace"
        case .spawnFailed: "failed to start"
        case .exitedBeforeReady: "exited before ready"
        case .interrupted: "interrupted"
        }
    }

    /// The verdict's label: `pass`, `FAIL`, `inconclusive`, `MISSING`.
    public static func label(_ status: VerdictStatus) -> String {
        switch status {
        case .pass: "pass"
        case .fail: "FAIL"
        case .inconclusive: "inconclusive"
        case .missing: "MISSING"
        }
    }

    /// The overall result: `pass`, `budget exceeded`, …
    public static func result(_ code: ProfilerExitStatus) -> String {
        switch code {
        case .success: "pass"
        case .usageError: "usage error"
        case .budgetExceeded: "budget exceeded"
        case .launchFailed: "launches failed (more than --allow-failed) or none completed"
        case .inconclusive: "inconclusive"
        case .historyNotRecorded: "the run was not recorded in the history"
        case .interrupted: "interrupted"
        }
    }

    /// The rule's budget: `p90 <= 600ms` or `median <= +10% vs main`.
    public static func budget(_ rule: BudgetRule) -> String {
        "\(rule.statistic.rawValue) <= \(rule.limit.text)" + (rule.baseline.map { " vs \($0)" } ?? "")
    }

    /// The formatted value, or `-` when absent.
    public static func value(_ value: Double?, _ kind: MetricKind) -> String {
        value.map { kind.format($0) } ?? "-"
    }

    /// `time to ready 1.69 ms, the median of 20 launches with no instruments; the instruments
    /// added 0.64 ms (38 %) in the 20 profiled launches, which give the phases`.
    /// Which metrics of `scenario` came from which kind of launch: a program's measurement
    /// launches give its time to ready, its diagnosis launches the rest; an app's measurement
    /// launches give every metric but those only instruments make. Nil without measurement launches.
    public static func kindsLine(_ scenario: ScenarioSummary) -> String? {
        guard let timing = scenario.timing else { return nil }
        if timing.metric == nil {
            // A program ready by the display: its measurement launches saw its first window and frame too.
            let display = [MetricName.timeToFirstWindow, .timeToFirstFrame].map(\.rawValue).filter {
                scenario.metrics[$0] != nil
            }
            let measured = (["timeToReady"] + display).joined(separator: ", ")
            return "from the measurement launches: \(measured); every other metric from the diagnosis launches"
        }
        // A family once: `blockingTime.*` and `<phase>.onCpu`, not each of its members.
        let families = [MetricName.blockingTimePrefix, MetricName.blockingCallsPrefix]
        let diagnosed = Set(
            scenario.metrics.keys.filter { MetricName(rawValue: $0).needsDiagnosisLaunch }.map { name in
                if let part = MetricName(rawValue: name).phaseMetric?.part { return "<phase>.\(part.rawValue)" }
                return families.first { name.hasPrefix($0) }.map { $0 + "*" } ?? name
            }
        ).sorted()
        guard !diagnosed.isEmpty else { return "every metric from the measurement launches" }
        return
            "from the diagnosis launches: \(diagnosed.joined(separator: ", ")); every other metric from the measurement launches"
    }

    public static func timingLine(_ timing: TimingLaunchesSummary, profiledLaunches: Int) -> String {
        let percent = String(format: "%.0f %%", 100 * timing.instrumentsCostFraction)
        let plural = timing.launches == 1 ? "launch" : "launches"
        let cost = "the instruments added \(MetricKind.time.format(timing.instrumentsCostNs)) (\(percent))"
        guard timing.metric == .timeToFirstFrame else {
            return
                "time to ready \(MetricKind.time.format(timing.medianNs)), the median of \(timing.launches) \(plural) with no instruments; "
                + "\(cost) in the \(profiledLaunches) profiled, which give the phases"
        }
        return
            "time to first frame \(MetricKind.time.format(timing.medianNs)), the median of \(timing.launches) measurement \(plural) (the probe's marks alone), which give every reported time; "
            + "\(cost) in the \(profiledLaunches) diagnosis launches, which give the findings and profiles"
    }
}
