import LaunchTrace

/// `launchprof bisect --format markdown`: the conclusion, the first bad commit's effect and
/// where its time went, and a table of the steps, for an issue or a pull-request comment.
package struct BisectMarkdownReport: Sendable, Equatable {
    /// Creates a Markdown report.
    package init() {}

    /// Renders the report, ending with a newline.
    package func render(_ outcome: BisectOutcome) -> String {
        let escape = MarkdownReport.escape
        let headline = BisectHeadline.sentence(outcome) { "`\($0.shortHash)` \(escape($0.subject))" }
        var out = "### Launch bisect\n\n\(headline)\n\n\(escape(BisectHeadline.range(outcome)))\n"
        if let scale = BisectHeadline.scale(outcome) { out += "\n\(escape(scale))\n" }
        if let culprit = outcome.culprit {
            out += "\n" + BisectHeadline.effects(culprit).map { "- " + escape($0) + "\n" }.joined()
            out += WhereTheTimeWent.markdown(parts: culprit.parts, functions: culprit.functions)
        }
        out += "\n| step | commit | subject | verdict | build | why |\n|---:|---|---|---|---:|---|\n"
        for (number, step) in ((outcome.ends.map { [$0.step] } ?? []) + outcome.steps).enumerated() {
            let commit = outcome.commit(step.commit)
            let cells = [
                "\(number + 1)", "`\(commit?.shortHash ?? step.commit)`", escape(commit?.subject ?? ""),
                step.verdict.rawValue, String(format: "%.2f s", step.build.seconds), escape(step.reason),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }
}
