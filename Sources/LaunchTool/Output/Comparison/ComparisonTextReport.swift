import LaunchTrace

/// `launchprof compare` for a terminal or a log: the headline, one row per metric, what the
/// largest change of the launches' breakdowns says (a busier machine, or the program), the rules
/// against base, the findings new in head and gone from it, and the result with its exit code.
package struct ComparisonTextReport: Sendable, Equatable {
    /// Whether to colour the decisions.
    package var colored: Bool

    /// Creates a text report.
    package init(colored: Bool = false) { self.colored = colored }

    /// Renders the report, ending with a newline.
    package func render(_ outcome: ComparisonOutcome) -> String {
        var out = "Compare: \(ComparisonRow.headline(outcome)) (\(outcome.scenario.rawValue), seed \(outcome.seed))\n\n"
        var table = TextTable(header: [
            "metric", "decision", "effect", "interval", "base median", "head median", "blocks",
        ])
        for row in ComparisonRow.rows(outcome) {
            let style: ANSIStyle? = row.decision == .regressed ? .red : row.decision == .inconclusive ? .yellow : .green
            table.append(
                [
                    row.metric, row.decision.rawValue, row.effect, row.interval, row.baseMedian, row.headMedian,
                    "\(row.blocks)",
                ],
                styles: [nil, style, nil, nil, nil, nil, nil]
            )
        }
        out += table.render(colored: colored)
        let noise =
            MachineLoadNote.inconclusive(outcome) + [MachineLoadNote.sentence(outcome.machineLoad)].compactMap { $0 }
        if !noise.isEmpty { out += "\n" + noise.map { "- " + $0 + "\n" }.joined() }
        if let conclusion = outcome.findings.reasonConclusion { out += "\n" + conclusion + "\n" }
        let parts = WhereTheTimeWent.lines(outcome)
        if !parts.isEmpty { out += (out.hasSuffix("\n") ? "\n" : "\n\n") + parts.joined(separator: "\n") + "\n" }
        out += outcome.budgets.isEmpty ? "" : "\n"
        for verdict in outcome.budgets {
            out += "\nBudget \(verdict.rule.title): \(verdict.status.rawValue). \(verdict.message)"
        }
        out += outcome.budgets.isEmpty ? "" : "\n"
        out += findings(outcome.findings)
        let result = ComparisonRow.result(outcome)
        out += "\n" + (colored ? TextReport.style(outcome.exitCode).apply(to: result) : result) + "\n"
        return out
    }

    /// `; waiting for a CPU 1.2 ms → 201.0 ms` when either build's finding waited for one.
    static func waiting(_ pair: FindingsComparison.Pair) -> String {
        guard pair.baseWaitingForCPUNs != nil || pair.headWaitingForCPUNs != nil else { return "" }
        let time = MetricKind.time
        return
            "; waiting for a CPU \(time.format(pair.baseWaitingForCPUNs ?? 0)) → \(time.format(pair.headWaitingForCPUNs ?? 0))"
    }

    private func findings(_ side: FindingsComparison) -> String {
        var out =
            "\nFindings: \(side.new.count) new in head, \(side.gone.count) gone, \(side.both.count) in both.\n"
        let time = MetricKind.time
        for finding in side.new.prefix(5) {
            out += "  + \(finding.id) (\(time.format(finding.medianCostNs)) per launch)\n"
        }
        for finding in side.gone.prefix(5) {
            out += "  - \(finding.id) (\(time.format(finding.medianCostNs)) per launch)\n"
        }
        for pair in side.both.prefix(5) {
            out +=
                "  = \(pair.id) (\(time.format(pair.baseMedianCostNs)) → \(time.format(pair.headMedianCostNs)) per launch\(Self.waiting(pair)))\n"
        }
        if let changes = side.reasonChanges, !changes.isEmpty {
            out += "Where the time moved (median per launch, exec to ready):\n"
            for change in changes.prefix(5) { out += "  \(change.sentence)\n" }
        }
        return out
    }
}
