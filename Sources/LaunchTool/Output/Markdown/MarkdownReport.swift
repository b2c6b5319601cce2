import LaunchTrace

/// A pull-request comment in GitHub-flavoured Markdown: the result, the verdict table, the
/// top findings (when given), and the phase medians against their budgets in a collapsed
/// table. Every name is escaped, so a span name cannot inject HTML or break the table.
///
/// ```swift
/// let comment = MarkdownReport().render(summary: summary, evaluation: evaluation, findings: top3)
/// ```
package struct MarkdownReport: Sendable, Equatable {
    /// How many findings the comment lists at most.
    package var maxFindings: Int

    /// Creates a Markdown report.
    package init(maxFindings: Int = 3) {
        self.maxFindings = maxFindings
    }

    /// Renders the report, ending with a newline.
    /// `findings` default to the top ones of the summary's findings; policy violations are
    /// listed with the verdict notes.
    package func render(summary: RunSummary, evaluation: BudgetEvaluation, findings: [ReportFinding]? = nil) -> String {
        let findings = findings ?? ReportFinding.top(summary.findings, limit: maxFindings)
        let code = evaluation.status
        var out = head(summary: summary, code: code)
        out += verdictTable(summary: summary, evaluation: evaluation)
        let notes = evaluation.verdicts.filter { $0.status != .pass || $0.isImprovement }
        if !notes.isEmpty {
            out += "\n"
            for verdict in notes {
                let tag = verdict.isImprovement ? "improved" : ReportText.label(verdict.status)
                out += "- **\(tag)** \(Self.escape(verdict.rule.metric.rawValue)): \(Self.escape(verdict.message))\n"
            }
        }
        if !evaluation.policyVerdicts.isEmpty {
            out += notes.isEmpty ? "\n" : ""
            for verdict in evaluation.policyVerdicts {
                out +=
                    "- **policy \(ReportText.label(verdict.status)) (\(verdict.level.rawValue))** \(Self.escape(verdict.message))\n"
            }
        }
        out += findingsBlock(findings, symbolication: FindingsSection.symbolicationLines(summary.findings))
        if let preMain = summary.scenarios[summary.run.scenario.rawValue]?.preMain {
            out += PreMainSection.markdown(preMain)
        }
        out += phaseMedians(summary: summary, evaluation: evaluation)
        return out
    }

    /// The title, the run's line, and the lines on how it was measured: the measurement launches,
    /// the display's times, the launcher followed, the window chosen.
    private func head(summary: RunSummary, code: ProfilerExitStatus) -> String {
        var out = "### LaunchProfiler: \(Self.icon(code)) \(ReportText.result(code))\n\n"
        out +=
            "\(Self.escape(summary.run.displayName)) · \(Self.escape(summary.run.scenario.rawValue)) · \(ReportText.launchesLine(summary))\n\n"
        if let scenario = summary.scenarios[summary.run.scenario.rawValue], let timing = scenario.timing {
            out +=
                "Measurement launches: \(Self.escape(ReportText.timingLine(timing, profiledLaunches: scenario.completedLaunches))); "
                + "\(Self.escape(ReportText.kindsLine(scenario) ?? "")).\n\n"
        }
        if let scenario = summary.scenarios[summary.run.scenario.rawValue],
            let display = ReportText.displayLine(scenario)
        {
            out += "**\(Self.escape(display))**.\n\n"
        }
        if let followed = ReportText.followedLine(summary) { out += "\(Self.escape(followed)).\n\n" }
        if let title = ReportText.windowTitleLine(summary) { out += "Window: \(Self.escape(title)).\n\n" }
        return out
    }

    /// The budget verdicts as a table, or a line saying there are none.
    private func verdictTable(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        var out = ""
        if evaluation.verdicts.isEmpty {
            out += "No budget rules.\n"
        } else {
            out += "| Verdict | Metric | Scenario | Level | Budget | Value | 95 % CI | Median | p90 |\n"
            out += "|---|---|---|---|---|---:|---|---:|---:|\n"
            for verdict in evaluation.verdicts {
                let rule = verdict.rule
                let metric = summary.metric(rule.metric, scenario: rule.scenario)
                let interval =
                    verdict.interval.map { "\(rule.kind.format($0.lower)) – \(rule.kind.format($0.upper))" } ?? "-"
                let cells = [
                    "\(Self.icon(verdict.status)) \(ReportText.label(verdict.status))",
                    Self.escape(rule.metric.rawValue),
                    rule.scenario.rawValue,
                    rule.level.rawValue,
                    Self.escape(ReportText.budget(rule)),
                    ReportText.value(verdict.observed, rule.kind),
                    interval,
                    ReportText.value(metric?.statistics.median, rule.kind),
                    ReportText.value(metric?.statistics.p90, rule.kind),
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// The top findings, then one line per image whose names or file and line are missing,
    /// each block after a blank line; empty when there are neither.
    func findingsBlock(_ findings: [ReportFinding], symbolication: [String]) -> String {
        var out = ""
        if !findings.isEmpty {
            out += "\n**Top findings**\n\n"
            let shown = Array(findings.prefix(maxFindings))
            for (number, (finding, earlier)) in zip(shown, ReportFinding.earlierSameAdvice(shown)).enumerated() {
                out += "\(number + 1). **\(Self.escape(finding.title))**: "
                if let earlier {
                    out += "The same advice as \(earlier + 1).\n"
                    continue
                }
                out += Self.escape(finding.advice)
                if let rewrite = finding.rewrite, !rewrite.isEmpty, !rewrite.contains("`") {
                    out += " `\(rewrite.replacingOccurrences(of: "\n", with: " "))`"
                }
                out += "\n"
            }
        }
        if !symbolication.isEmpty { out += "\n" + symbolication.map { "- " + Self.escape($0) + "\n" }.joined() }
        return out
    }

    /// The phases' medians and p90s with the budgets that cover them, collapsed.
    func phaseMedians(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        let scenario = summary.run.scenario
        let names = summary.scenarios[scenario.rawValue]?.phasesThenTotals ?? MetricName.phasesThenTotals
        let rows = names.compactMap { name in summary.metric(name, scenario: scenario) }
        guard !rows.isEmpty else { return "" }
        var out =
            "\n<details><summary>Phase medians (\(Self.escape(scenario.rawValue)), \(rows[0].samples.count) launches)</summary>\n\n"
        out += "| Phase | Median | p90 | Budget |\n|---|---:|---:|---|\n"
        for metric in rows {
            let budgets = evaluation.verdicts.filter { $0.rule.metric == metric.name && $0.rule.scenario == scenario }
                .map { "\(Self.icon($0.status)) \(Self.escape(ReportText.budget($0.rule)))" }
            out +=
                "| \(metric.name) | \(metric.kind.format(metric.statistics.median)) | \(metric.kind.format(metric.statistics.p90)) | "
            out += (budgets.isEmpty ? "" : budgets.joined(separator: ", ")) + " |\n"
        }
        return out + "\n</details>\n"
    }

    /// Escapes text for a Markdown table cell: HTML characters, pipes and Markdown emphasis.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "*", "_", "`", "[", "]", "\\": out += "\\\(character)"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    static func icon(_ status: VerdictStatus) -> String {
        switch status {
        case .pass: "✅"
        case .fail: "❌"
        case .inconclusive: "⚠️"
        case .missing: "❓"
        }
    }

    static func icon(_ code: ProfilerExitStatus) -> String {
        switch code {
        case .success: "✅"
        case .inconclusive: "⚠️"
        default: "❌"
        }
    }
}
