import LaunchTrace

/// `launchprof bisect` for a terminal or a log: the conclusion, the first bad commit's effect
/// against the good commit and where its time went, every step, then the result with its exit code.
package struct BisectTextReport: Sendable, Equatable {
    /// Creates a text report.
    package init() {}

    /// Renders the report, ending with a newline.
    package func render(_ outcome: BisectOutcome) -> String {
        var out = "Bisect: " + BisectHeadline.sentence(outcome) { "\($0.shortHash) \"\($0.subject)\"" } + "\n"
        out += "  " + BisectHeadline.range(outcome) + "\n"
        if let scale = BisectHeadline.scale(outcome) { out += "  " + scale + "\n" }
        if let culprit = outcome.culprit {
            out += "\nAgainst the good commit:\n" + BisectHeadline.effects(culprit).map { "  \($0)\n" }.joined()
            let moved = WhereTheTimeWent.lines(parts: culprit.parts, functions: culprit.functions)
            if !moved.isEmpty { out += "\n" + moved.joined(separator: "\n") + "\n" }
        }
        let steps = steps(outcome)
        out += "\n" + steps + (steps.hasSuffix("\n") ? "" : "\n")
        out += "\n" + BisectHeadline.result(outcome) + "\n"
        return out
    }

    /// One row per step, in the order they ran.
    private func steps(_ outcome: BisectOutcome) -> String {
        var table = TextTable(header: ["step", "commit", "subject", "verdict", "build", "why"])
        for (number, step) in ((outcome.ends.map { [$0.step] } ?? []) + outcome.steps).enumerated() {
            let commit = outcome.commit(step.commit)
            table.append([
                "\(number + 1)", commit?.shortHash ?? step.commit, commit?.subject ?? "", step.verdict.rawValue,
                String(format: "%.2f s", step.build.seconds), step.reason,
            ])
        }
        return outcome.steps.isEmpty && outcome.ends == nil ? "No step ran.\n" : table.render(colored: false)
    }
}
