import LaunchRunner
import LaunchTrace

/// Phrases every report format shares, so they say the same thing the same way.
package enum ReportText {
    /// Outcomes in the order reports list them.
    package static let outcomeOrder: [LaunchRecord.Outcome] = [
        .completed, .exitedWithError, .crashed, .timedOut, .noTrace, .invalidTrace, .spawnFailed, .exitedBeforeReady,
    ]

    /// How many launches of each kind the run made, read once: `20 launches: 19 completed, 1
    /// crashed` for a run whose diagnosis launches give every number; with measurement launches,
    /// `12 measurement launches give the times below (12 completed); 4 diagnosis launches give the
    /// findings and profiles (4 completed)`.
    package static func launchesLine(_ summary: RunSummary) -> String {
        let diagnosis = counted(summary.launches, outcomes: summary.outcomeCounts)
        guard let measurement = summary.measurementLaunches, !measurement.isEmpty else {
            return "\(summary.launches.count) \(plural(summary.launches.count, "launch"))" + diagnosis
        }
        let measured = Dictionary(grouping: measurement, by: \.outcome).mapValues(\.count)
        let count = measurement.count
        return "\(count) measurement \(plural(count, "launch")) \(give(count)) the times below"
            + counted(measurement, outcomes: measured, parenthesised: true) + "; \(summary.launches.count) diagnosis "
            + "\(plural(summary.launches.count, "launch")) \(give(summary.launches.count)) the findings and profiles"
            + counted(summary.launches, outcomes: summary.outcomeCounts, parenthesised: true)
            + failedPreMainLaunches(summary)
    }

    /// `; 2 pre-main launches (1 completed, 1 crashed)` when one of them failed (`--allow-failed`
    /// counts them too), else nothing.
    private static func failedPreMainLaunches(_ summary: RunSummary) -> String {
        guard let preMain = summary.preMainLaunches, preMain.contains(where: { $0.outcome != .completed }) else {
            return ""
        }
        let outcomes = Dictionary(grouping: preMain, by: \.outcome).mapValues(\.count)
        return "; \(preMain.count) pre-main \(plural(preMain.count, "launch"))"
            + counted(preMain, outcomes: outcomes, parenthesised: true)
    }

    /// `: 19 completed, 1 crashed`, or ` (19 completed, 1 crashed)`.
    private static func counted(
        _ records: [LaunchRecord], outcomes counts: [LaunchRecord.Outcome: Int], parenthesised: Bool = false
    ) -> String {
        let parts = outcomeOrder.compactMap { outcome in
            counts[outcome].map { "\($0) \(outcomeName(outcome))" }
        }
        guard !parts.isEmpty else { return "" }
        return parenthesised ? " (\(parts.joined(separator: ", ")))" : ": " + parts.joined(separator: ", ")
    }

    /// `launch` or `launches`.
    static func plural(_ count: Int, _ noun: String) -> String { count == 1 ? noun : noun + "es" }

    /// `gives` for one launch, `give` for more.
    private static func give(_ count: Int) -> String { count == 1 ? "gives" : "give" }

    /// A readable name of an outcome: `completed`, `exited with error`, `timed out`, …
    package static func outcomeName(_ outcome: LaunchRecord.Outcome) -> String {
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
    package static func label(_ status: VerdictStatus) -> String {
        switch status {
        case .pass: "pass"
        case .fail: "FAIL"
        case .inconclusive: "inconclusive"
        case .missing: "MISSING"
        }
    }

    /// The overall result: `pass`, `budget exceeded`, …
    package static func result(_ code: ProfilerExitStatus) -> String {
        switch code {
        case .success: "pass"
        case .usageError: "error (an output could not be written)"
        case .budgetExceeded: "budget exceeded"
        case .launchFailed: "launches failed (more than --allow-failed) or none completed"
        case .inconclusive: "inconclusive"
        case .historyNotRecorded: "the run was not recorded in the history"
        case .interrupted: "interrupted"
        }
    }

    /// The rule's budget: `p90 <= 600ms` or `median <= +10% vs main`.
    package static func budget(_ rule: BudgetRule) -> String {
        "\(rule.statistic.rawValue) <= \(rule.limit.text)" + (rule.baseline.map { " vs \($0)" } ?? "")
    }

    /// The formatted value, or `-` when absent.
    package static func value(_ value: Double?, _ kind: MetricKind) -> String {
        value.map { kind.format($0) } ?? "-"
    }

    /// `time to ready 1.69 ms, the median of 20 launches with no instruments; the instruments
    /// added 0.64 ms (38 %) in the 20 profiled launches, which give the phases`.
    /// Which metrics of `scenario` came from which kind of launch: a program's measurement
    /// launches give its time to ready, its diagnosis launches the rest; an app's measurement
    /// launches give every metric but those only instruments make. Nil without measurement launches.
    package static func kindsLine(_ scenario: ScenarioSummary) -> String? {
        guard let timing = scenario.timing else { return nil }
        if timing.metric == nil {
            // A program ready by the display: its measurement launches saw its first window and frame too.
            let display = [MetricName.timeToFirstWindow, .timeToFirstFrame].map(\.rawValue).filter {
                scenario.metrics[$0] != nil
            }
            let measured = (["timeToReady"] + display + ["process.*"]).joined(separator: ", ")
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

    /// `time to ready 1.69 ms, the median of 20 measurement launches (nothing loaded); the
    /// instruments added 0.64 ms (38 %, 95 % interval 0.41 to 0.88 ms) in the 10 diagnosis launches,
    /// which give the findings and profiles`, or, when the diagnosis launches' times cannot be told
    /// from the measurement launches', that the instruments' cost is within the noise. With `p90Ns`,
    /// the p90 follows the median (`time to first frame 138.1 ms, p90 153.3 ms, the median and p90
    /// of 20 measurement launches (the probe's marks alone), …`).
    package static func timingLine(_ timing: MeasurementLaunchesSummary, profiledLaunches: Int, p90Ns: Double? = nil)
        -> String
    {
        let median = MetricKind.time.format(timing.medianNs)
        let launches = "\(timing.launches) measurement \(plural(timing.launches, "launch"))"
        let statistics =
            p90Ns.map { "\(median), p90 \(MetricKind.time.format($0)), the median and p90" } ?? "\(median), the median"
        let head: String
        switch timing.metric {
        case nil:
            head = "time to ready \(statistics) of \(launches) (nothing loaded)"
        case .some(let metric):
            let name = metric == .timeToFirstFrame ? "time to first frame" : "time to ready"
            head =
                "\(name) \(statistics) of \(launches) (the probe's marks alone), which give every reported time"
        }
        return head + "; " + instrumentsCost(timing)
            + " in the \(profiledLaunches) diagnosis \(plural(profiledLaunches, "launch")), which \(give(profiledLaunches)) the findings and profiles"
    }

    /// What the instruments added, with its interval, or that it cannot be told from the noise.
    static func instrumentsCost(_ timing: MeasurementLaunchesSummary) -> String {
        let format: (Double) -> String = { MetricKind.time.format($0) }
        guard let interval = timing.instrumentsCostInterval else {
            return "the instruments' cost cannot be told with so few launches"
        }
        let range = "95 % interval \(signed(interval.lower, format)) to \(signed(interval.upper, format))"
        guard timing.instrumentsCostIsMeasured else {
            return "the instruments' cost cannot be told from the machine's noise (\(range))"
        }
        let percent = String(format: "%.0f %%", 100 * timing.instrumentsCostFraction)
        return "the instruments added \(format(timing.instrumentsCostNs)) (\(percent), \(range))"
    }

    /// A value with its sign when negative (`-0.21 ms`).
    private static func signed(_ value: Double, _ format: (Double) -> String) -> String {
        value < 0 ? "-" + format(-value) : format(value)
    }
}
