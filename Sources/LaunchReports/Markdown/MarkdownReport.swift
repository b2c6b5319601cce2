import LaunchAnalysis
import LaunchTrace

/// A verdict table in GitHub-flavoured Markdown, for a pull-request comment. Every name
/// is escaped, so a span name cannot inject HTML or break the table.
///
/// ```swift
/// let comment = MarkdownReport().render(summary: summary, evaluation: evaluation)
/// ```
public struct MarkdownReport: Sendable, Equatable {
    /// Creates a Markdown report.
    public init() {}

    /// Renders the report, ending with a newline.
    public func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        let code = evaluation.exitCode
        var out = "### LaunchProfiler: \(Self.icon(code)) \(ReportText.result(code))\n\n"
        out += "\(Self.escape(ReportText.appName(summary))) · \(Self.escape(summary.run.scenario)) · \(ReportText.launchesLine(summary))\n\n"
        if evaluation.verdicts.isEmpty {
            out += "No budget rules.\n"
        } else {
            out += "| Verdict | Metric | Scenario | Level | Budget | Value | 95 % CI | Median | p90 |\n"
            out += "|---|---|---|---|---|---:|---|---:|---:|\n"
            for verdict in evaluation.verdicts {
                let rule = verdict.rule
                let metric = summary.metric(rule.metric, scenario: rule.scenario.rawValue)
                let interval = verdict.interval.map { "\(rule.kind.format($0.lower)) – \(rule.kind.format($0.upper))" } ?? "-"
                let cells = [
                    "\(Self.icon(verdict.status)) \(ReportText.label(verdict.status))",
                    Self.escape(rule.metric),
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
        let notes = evaluation.verdicts.filter { $0.status != .pass || $0.isImprovement }
        if !notes.isEmpty {
            out += "\n"
            for verdict in notes {
                let tag = verdict.isImprovement ? "improved" : ReportText.label(verdict.status)
                out += "- **\(tag)** \(Self.escape(verdict.rule.metric)): \(Self.escape(verdict.message))\n"
            }
        }
        return out
    }

    /// Escapes text for a Markdown table cell: HTML characters, pipes and Markdown emphasis.
    public static func escape(_ text: String) -> String {
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

    static func icon(_ code: ExitCode) -> String {
        switch code {
        case .success: "✅"
        case .inconclusive: "⚠️"
        default: "❌"
        }
    }
}
