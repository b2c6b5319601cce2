import LaunchTrace

/// The terminal report, short enough for a screen: the launches and the time to ready or to the
/// first frame (median and p90), an aligned table of every budget rule (median and p90 of its
/// metric, the budget, the verdict), improvements and spread warnings, the slow-start reasons,
/// the top findings with their advice, the breakdown of the median launch, the policy's verdicts,
/// a line on the time before main, and the overall result. Verbose, it adds which launches give
/// which metrics, the outlier launches, the reasons' evidence and advice, more findings, the
/// attribution and background lines, and the before-main tables (objects, relocation) with every
/// advice.
///
/// ```swift
/// let text = TextReport(colored: isatty(1) != 0).render(summary: summary, evaluation: evaluation)
/// ```
package struct TextReport: Sendable, Equatable {
    /// Findings listed when not verbose.
    package static let briefFindingsLimit = 3

    /// Whether to use ANSI colour; the caller decides (e.g. from `isatty`).
    package var colored: Bool
    /// Whether to add the detail (the before-main tables, more findings, the evidence).
    package var verbose: Bool

    /// Creates a text report.
    package init(colored: Bool = false, verbose: Bool = false) {
        self.colored = colored
        self.verbose = verbose
    }

    /// Renders the report, ending with a newline.
    package func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        var out = header(summary)
        out += "\n" + verdictTable(summary: summary, evaluation: evaluation)
        let notes =
            verdictNotes(evaluation) + Self.noiseNotes(summary: summary, evaluation: evaluation, outliers: verbose)
            + [MachineLoadNote.sentence(summary.machineLoad)].compactMap { $0 }
        if !notes.isEmpty {
            out += "\n" + notes.map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
        let findings = FindingsSection.text(
            findings: summary.findings, policyVerdicts: evaluation.policyVerdicts,
            limit: verbose ? FindingsSection.textLimit : Self.briefFindingsLimit, verbose: verbose)
        if !findings.isEmpty { out += "\n" + findings }
        if let preMain = summary.scenarios[summary.run.scenario.rawValue]?.preMain {
            out += verbose ? "\n" + PreMainSection.text(preMain) : PreMainSection.briefText(preMain)
        }
        let code = evaluation.status
        let result = "Result: \(ReportText.result(code)) (exit \(code.rawValue))"
        out += "\n" + (colored ? Self.style(code).apply(to: result) : result) + "\n"
        return out
    }

    /// The first lines: the program and its launches, the time to ready or to the first frame
    /// per scenario, the display, the followed programs, the window title, each failed launch.
    private func header(_ summary: RunSummary) -> String {
        var out =
            "LaunchProfiler: \(TerminalText.escaped(summary.run.displayName)) (\(summary.run.scenario)), \(ReportText.launchesLine(summary))\n"
        for scenario in summary.scenarios.values.sorted(by: { $0.scenario < $1.scenario }) {
            guard let timing = scenario.timing else { continue }
            let label = summary.scenarios.count > 1 ? "\(scenario.scenario): " : ""
            let p90 = scenario.metrics[(timing.metric ?? .timeToReady).rawValue]?.statistics.p90
            out +=
                "  \(label)\(ReportText.timingLine(timing, profiledLaunches: scenario.completedLaunches, p90Ns: p90))\n"
            if verbose, let kinds = ReportText.kindsLine(scenario) { out += "  \(label)\(kinds)\n" }
        }
        for scenario in summary.scenarios.values.sorted(by: { $0.scenario < $1.scenario }) {
            let label = summary.scenarios.count > 1 ? "\(scenario.scenario): " : ""
            if let display = ReportText.displayLine(scenario) { out += "  \(label)\(display)\n" }
        }
        if let followed = ReportText.followedLine(summary) { out += "  \(followed)\n" }
        if let title = ReportText.windowTitleLine(summary) { out += "  \(title)\n" }
        let failed =
            summary.launches.map { ("launch", $0) }
            + (summary.measurementLaunches ?? []).map { ("measurement launch", $0) }
        for (noun, record) in failed where record.outcome != .completed {
            out +=
                "  \(noun) \(record.index): \(ReportText.outcomeName(record.outcome))"
                + (record.message.map { ": \(TerminalText.escaped($0))" } ?? "") + "\n"
        }
        return out
    }

    private func verdictTable(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        guard !evaluation.verdicts.isEmpty else { return "No budget rules.\n" }
        var table = TextTable(header: ["metric", "scenario", "n", "median", "p90", "budget", "level", "verdict"])
        for verdict in evaluation.verdicts {
            let rule = verdict.rule
            let metric = summary.metric(rule.metric, scenario: rule.scenario)
            table.append(
                [
                    rule.metric.rawValue, rule.scenario.rawValue, "\(verdict.sampleCount)",
                    ReportText.value(metric?.statistics.median, rule.kind),
                    ReportText.value(metric?.statistics.p90, rule.kind),
                    ReportText.budget(rule), rule.level.rawValue, ReportText.label(verdict.status),
                ],
                styles: [nil, nil, nil, nil, nil, nil, rule.level == .warn ? .yellow : nil, Self.style(verdict.status)]
            )
        }
        return table.render(colored: colored) + "\n"
    }

    private func verdictNotes(_ evaluation: BudgetEvaluation) -> [String] {
        evaluation.verdicts.filter { $0.status != .pass || $0.isImprovement }.map {
            "\(ReportText.label($0.status)) \($0.rule.title): \($0.message)"
        }
    }

    /// Noise, condensed: one line for the metrics too spread out to trust and, with `outliers`, one
    /// for the launches that were outliers (and in which metrics).
    static func noiseNotes(summary: RunSummary, evaluation: BudgetEvaluation, outliers showOutliers: Bool) -> [String] {
        var seen = Set<String>()
        var spreads: [String] = []
        var outliers: [Int: [String]] = [:]
        for verdict in evaluation.verdicts {
            let scenario = verdict.rule.scenario
            guard seen.insert(scenario.rawValue + "/" + verdict.rule.metric.rawValue).inserted,
                let metric = summary.metric(verdict.rule.metric, scenario: scenario)
            else { continue }
            let label = summary.scenarios.count > 1 ? "\(metric.name) (\(scenario))" : metric.name.rawValue
            for launch in metric.outlierLaunches { outliers[launch, default: []].append(label) }
            if metric.spread.isTooWide {
                let relative = max(metric.spread.relativeMAD ?? 0, metric.spread.relativeIntervalHalfWidth ?? 0)
                spreads.append(label + String(format: " %.0f %%", 100 * relative))
            }
        }
        var notes: [String] = []
        if let limit = summary.scenarios.values.lazy.flatMap(\.metrics.values).first?.spread.limit, !spreads.isEmpty {
            notes.append(
                "spread too wide to trust (scaled MAD or the median's 95 % half-width over \(String(format: "%.0f", 100 * limit)) % of the median): "
                    + spreads.joined(separator: ", ") + "; more launches or a quieter machine narrow it."
            )
        }
        if showOutliers, !outliers.isEmpty {
            let launches = outliers.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.joined(separator: ", ")))" }
            notes.append(
                "outlier launches (beyond 3 scaled MADs of the median): " + launches.joined(separator: "; ") + ".")
        }
        return notes
    }

    static func style(_ status: VerdictStatus) -> ANSIStyle {
        switch status {
        case .pass: .green
        case .fail: .red
        case .inconclusive: .yellow
        case .missing: .magenta
        }
    }

    static func style(_ code: ProfilerExitStatus) -> ANSIStyle {
        switch code {
        case .success: .green
        case .inconclusive: .yellow
        default: .red
        }
    }
}
