import LaunchTrace

/// `comparison.html`: the decision, every compared metric, what the largest change of the
/// launches' breakdowns says and which reasons moved, where the time went, the functions whose
/// cost moved, and the differential flame graph (head minus base), on one self-contained page with
/// no script, built from escaping ``HTMLNode``s.
package struct ComparisonHTMLReport: Sendable {
    /// The tool and version named in the page.
    package var generator: String

    /// Creates a report.
    package init(generator: String) { self.generator = generator }

    /// The page, `diff` drawn when the builds had profiled launches.
    package func render(_ outcome: ComparisonOutcome, diff: DiffFlameGraph?) -> String {
        let moved = WhereTheTimeWent.lines(outcome)
        var body: [HTMLNode] = [
            .el("h1", "Compare: \(ComparisonRow.headline(outcome))"),
            .el(
                "p", ["class": "muted"],
                "base \(outcome.base.executable) · head \(outcome.head.executable) · \(generator)"),
            metricsTable(outcome),
        ]
        if let conclusion = outcome.findings.reasonConclusion {
            let reasons = (outcome.findings.reasonChanges ?? []).map { "  " + $0.sentence }
            body.append(.el("p", ["class": "conclusion"], .text(conclusion)))
            body.append(.el("pre", .text(reasons.joined(separator: "\n"))))
        }
        if !moved.isEmpty { body.append(.el("pre", .text(moved.joined(separator: "\n")))) }
        body.append(diffSection(diff))
        let head: HTMLNode = .el(
            "head", .el("meta", ["charset": "utf-8"]), .el("title", "Compare: \(outcome.decision.rawValue)"),
            .el("style", .raw(TrustedHTML(constant: Self.style))))
        let page = HTMLNode.el("html", ["lang": "en"], head, .el("body", children: body))
        return "<!DOCTYPE html>\n" + page.render() + "\n"
    }

    private func metricsTable(_ outcome: ComparisonOutcome) -> HTMLNode {
        let header = ["metric", "decision", "effect", "interval", "base median", "head median", "blocks"]
        let rows = ComparisonRow.rows(outcome).map { row in
            HTMLNode.el(
                "tr", ["class": row.decision.rawValue],
                children: [row.metric, row.decision.rawValue, row.effect, row.interval, row.baseMedian, row.headMedian]
                    .map { .el("td", .text($0)) } + [.el("td", .text("\(row.blocks)"))])
        }
        return .el(
            "table", .el("thead", .el("tr", children: header.map { .el("th", .text($0)) })),
            .el("tbody", children: rows))
    }

    private func diffSection(_ diff: DiffFlameGraph?) -> HTMLNode {
        guard let diff, diff.baseLaunches > 0, diff.headLaunches > 0 else {
            return .el(
                "p", ["class": "muted"],
                "No differential flame graph: the builds had no profiled launches (a program compared on its time to ready alone runs without instruments)."
            )
        }
        return .el(
            "section",
            .el("h2", ["id": "diff-flame-graph"], "Differential flame graph"),
            .el(
                "p", ["class": "muted"],
                "Every thread's stacks in \(diff.baseLaunches) base and \(diff.headLaunches) head profiled launches, per launch. Width: head's time; red: more time in head than in base, blue: less, grey: within \(MetricKind.time.format(DiffFlameGraph.neutralNs)) or 5 %. Hover a frame for both times."
            ),
            diff.html())
    }

    static let style: StaticString = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        .muted { color: #666; }
        table { border-collapse: collapse; margin: 12px 0; }
        th, td { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; }
        tr.regressed td:nth-child(2) { color: #b00020; font-weight: 600; }
        tr.improved td:nth-child(2), tr.same td:nth-child(2) { color: #1b5e20; }
        tr.inconclusive td:nth-child(2) { color: #8a6d00; }
        pre { background: #f6f6f6; padding: 10px; overflow-x: auto; }
        .diff-flame { position: relative; width: 100%; border: 1px solid #ddd; margin-top: 8px; }
        .diff-node { position: absolute; height: 17px; box-sizing: border-box; border: 1px solid #fff;
          font: 11px/15px ui-monospace, monospace; overflow: hidden; white-space: nowrap;
          text-overflow: ellipsis; padding: 0 3px; }
        """
}
