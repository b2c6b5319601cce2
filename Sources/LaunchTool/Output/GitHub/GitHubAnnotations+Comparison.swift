extension GitHubAnnotations {
    /// The workflow command lines of a comparison: a regressed metric or a failed rule against
    /// base is `::error`, an undecided metric `::notice`; a last `::notice` gives the result.
    package func render(comparison outcome: ComparisonOutcome) -> String {
        var lines: [String] = []
        for metric in outcome.test.metrics where metric.decision == .regressed || metric.decision == .inconclusive {
            let command = metric.decision == .regressed ? "error" : "notice"
            let interval =
                metric.effectInterval.map { " (95 % interval \(Self.percent($0.lower)) to \(Self.percent($0.upper)))" }
                ?? ""
            let message =
                "\(metric.metric) \(metric.decision.rawValue): head against base \(Self.percent(metric.effect))\(interval) after \(metric.blocks) blocks."
            lines.append(Self.command(command, title: "launchprof compare: \(metric.metric)", message: message))
        }
        for verdict in outcome.budgets where verdict.status != .pass {
            let command = verdict.status == .inconclusive ? "notice" : "error"
            lines.append(
                Self.command(command, title: "launchprof compare: \(verdict.rule.title)", message: verdict.message))
        }
        lines.append(
            Self.command(
                "notice", title: "launchprof compare",
                message: "\(outcome.decision.rawValue) (exit \(outcome.exitCode.rawValue))"))
        return lines.map { $0 + "\n" }.joined()
    }

    private static func percent(_ ratio: Double) -> String {
        let tenths = Int((ratio * 1000).rounded())
        return (tenths >= 0 ? "+" : "-") + "\(abs(tenths) / 10).\(abs(tenths) % 10) %"
    }
}
