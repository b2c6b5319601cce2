import LaunchRunner
import LaunchTrace

extension HTMLReport {
    func verdictSection(_ input: ReportInput) -> HTMLNode {
        let title: HTMLNode = .fragment([.el("h2", ["id": "verdicts"], "Budget verdicts"), .newline])
        let evaluation = input.evaluation
        guard !evaluation.verdicts.isEmpty || !evaluation.policyVerdicts.isEmpty else {
            return .fragment([
                title,
                .el(
                    "p", ["class": "muted"], "No budget rules were given (use ", .el("code", "--budgets budgets.json"),
                    ")."), .newline,
            ])
        }
        let headings =
            ["Verdict", "Metric", "Scenario", "Level", "Budget"].map { HTMLNode.el("th", "\($0)") }
            + ["Value", "95 % CI", "Median", "p90", "n"].map { HTMLNode.el("th", ["class": "num"], "\($0)") }
        let rows = evaluation.verdicts.map { verdictRow($0, input: input) }
        return .fragment([
            title,
            .el(
                "table", ["class": "verdicts"], .newline,
                .el("thead", .el("tr", children: headings)), .newline,
                .el("tbody", children: [.newline] + rows), .newline),
            .newline,
            verdictNotes(evaluation),
        ])
    }

    private func verdictRow(_ verdict: RuleVerdict, input: ReportInput) -> HTMLNode {
        let rule = verdict.rule
        let metric = input.summary.metric(rule.metric, scenario: rule.scenario)
        let interval = verdict.interval.map { "\(rule.kind.format($0.lower)) – \(rule.kind.format($0.upper))" } ?? "-"
        let status = verdict.status.rawValue
        func number(_ text: String) -> HTMLNode { .el("td", ["class": "num"], "\(text)") }
        return .fragment([
            .el(
                "tr",
                [
                    "class": "verdict", "data-metric": rule.metric.rawValue, "data-status": status,
                    "data-level": rule.level.rawValue,
                ],
                .el(
                    "td", ["class": "status status-\(status)", "title": verdict.message],
                    "\(ReportText.label(verdict.status))\(verdict.isImprovement ? " (improved)" : "")"),
                .el("td", .el("code", "\(rule.metric)")), .el("td", "\(rule.scenario.rawValue)"),
                .el("td", "\(rule.level.rawValue)"),
                .el("td", "\(ReportText.budget(rule))"),
                number(ReportText.value(verdict.observed, rule.kind)),
                number(interval),
                number(ReportText.value(metric?.statistics.median, rule.kind)),
                number(ReportText.value(metric?.statistics.p90, rule.kind)),
                number("\(verdict.sampleCount)")),
            .newline,
        ])
    }

    private func verdictNotes(_ evaluation: BudgetEvaluation) -> HTMLNode {
        let notes = evaluation.verdicts.filter { $0.status != .pass || $0.isImprovement }
        guard !notes.isEmpty || !evaluation.policyVerdicts.isEmpty else { return .fragment([]) }
        var items: [HTMLNode] = [.newline]
        for verdict in notes {
            let label = verdict.isImprovement ? "improved" : ReportText.label(verdict.status)
            items += [
                .el(
                    "li", .el("span", ["class": "status status-\(verdict.status.rawValue)"], "\(label)"),
                    " \(verdict.message)"), .newline,
            ]
        }
        for verdict in evaluation.policyVerdicts {
            let status = verdict.status.rawValue
            items += [
                .el(
                    "li", ["class": "policy", "data-status": status],
                    .el("span", ["class": "status status-\(status)"], "policy \(ReportText.label(verdict.status))"),
                    " (\(verdict.level.rawValue)) \(verdict.message)"),
                .newline,
            ]
        }
        return .fragment([.el("ul", ["class": "notes"], children: items), .newline])
    }

    func launchesSection(_ input: ReportInput, chosen: Int?) -> HTMLNode {
        let headings: [HTMLNode] = [
            .el("th", ["class": "num"], "#"), .el("th", "Outcome"),
            .el("th", ["class": "num"], "First frame"), .el("th", ["class": "num"], "Active"),
            .el("th", ["class": "num"], "Wall"),
            .el("th", ["class": "num"], "Stalls"), .el("th", ["class": "num"], "Blocking calls"), .el("th", "Note"),
        ]
        let rows = input.summary.launches.map { launchRow($0, trace: input.trace(run: $0.index), chosen: chosen) }
        return .fragment([
            .el("h2", ["id": "launches"], "Launches"), .newline,
            .el(
                "table", ["class": "launches"], .newline,
                .el("thead", .el("tr", children: headings)), .newline,
                .el("tbody", children: [.newline] + rows), .newline),
            .newline,
        ])
    }

    private func launchRow(_ record: LaunchRecord, trace: LaunchTrace?, chosen: Int?) -> HTMLNode {
        func number(_ text: String) -> HTMLNode { .el("td", ["class": "num"], "\(text)") }
        var note = record.message ?? ""
        if let last = record.lastPhase, record.outcome != .completed {
            note += (note.isEmpty ? "" : " ") + "Last phase: \(last)."
        }
        return .fragment([
            .el(
                "tr", ["data-launch": "\(record.index)", "data-outcome": record.outcome.rawValue],
                number("\(record.index)\(record.index == chosen ? " ◂" : "")"),
                .el("td", "\(ReportText.outcomeName(record.outcome))"),
                number(trace?.totals.timeToFirstFrameNs.map { HTMLFormat.ms($0) } ?? "-"),
                number(trace?.totals.timeToActiveNs.map { HTMLFormat.ms($0) } ?? "-"),
                number(HTMLFormat.ms(record.wallNs)),
                number(trace?.mainThread.map { String($0.stalls.count) } ?? "-"),
                number(trace?.mainThread.map { String($0.blockingCalls.count) } ?? "-"),
                .el("td", "\(note)")),
            .newline,
        ])
    }
}
