import LaunchTrace

/// `launchprof compare` as a pull-request comment: the headline, a table of the metrics, what
/// the largest change of the launches' breakdowns says, the rules against base, and the findings
/// new in head and gone. Every name is escaped.
package struct ComparisonMarkdownReport: Sendable, Equatable {
    /// Creates a Markdown report.
    package init() {}

    /// Renders the comment, ending with a newline.
    package func render(_ outcome: ComparisonOutcome) -> String {
        let e = MarkdownReport.escape
        var out = "### LaunchProfiler compare: \(Self.icon(outcome)) \(e(ComparisonRow.headline(outcome)))\n\n"
        out += "| Metric | Decision | Effect | Interval | Base median | Head median |\n"
        out += "|---|---|---:|---|---:|---:|\n"
        for row in ComparisonRow.rows(outcome) {
            out +=
                "| \(e(row.metric)) | \(row.decision.rawValue) | \(row.effect) | \(row.interval) | \(row.baseMedian) | \(row.headMedian) |\n"
        }
        if let conclusion = outcome.findings.reasonConclusion { out += "\n**Breakdown**: \(e(conclusion))\n" }
        out += WhereTheTimeWent.markdown(outcome)
        for verdict in outcome.budgets {
            out += "\n- Budget \(e(verdict.rule.title)): **\(verdict.status.rawValue)**. \(e(verdict.message))"
        }
        out += outcome.budgets.isEmpty ? "" : "\n"
        let side = outcome.findings
        out +=
            "\n**Findings**: \(side.new.count) new in head, \(side.gone.count) gone, \(side.both.count) in both.\n"
        for finding in side.new.prefix(Self.listed) {
            out += "- new: \(e(finding.id)) (\(MetricKind.time.format(finding.medianCostNs)) per launch)\n"
        }
        for finding in side.gone.prefix(Self.listed) { out += "- gone: \(e(finding.id))\n" }
        for change in (side.reasonChanges ?? []).prefix(Self.listed) { out += "- moved: \(e(change.sentence))\n" }
        return out
    }

    /// Findings listed per kind of change; comparison.json has them all.
    static let listed = 5

    private static func icon(_ outcome: ComparisonOutcome) -> String {
        switch outcome.exitCode {
        case .success: "✅"
        case .inconclusive: "⚠️"
        default: "❌"
        }
    }
}
