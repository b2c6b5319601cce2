import LaunchTrace

/// The slow-start reasons and the exclusive breakdown of the median launch, for the text and
/// Markdown reports (the HTML report draws the breakdown as a bar in its waterfall; the JSON
/// report carries every launch's breakdown in `summary.findings.breakdowns`).
package enum BreakdownSection {
    /// `exec 1.0 ms, loading libraries 4.2 ms, on CPU in program code 150.2 ms, on CPU in
    /// libraries 20.1 ms (libm.so.6 18.0 ms), waiting for a CPU 110.9 ms`: every reason with time,
    /// in order.
    package static func parts(_ breakdown: LaunchBreakdown) -> String {
        let times = breakdown.timeByReason
        let libraries = breakdown.timeByLibrary.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
        return BreakdownReason.allCases.compactMap { reason -> String? in
            guard let ns = times[reason], ns > 0 else { return nil }
            var text = "\(reason.words) \(MetricKind.time.format(Double(ns)))"
            if reason == .library, !libraries.isEmpty {
                text +=
                    " ("
                    + libraries.map { "\($0.key) \(MetricKind.time.format(Double($0.value)))" }
                    .joined(separator: ", ") + ")"
            }
            return text
        }
        .joined(separator: ", ")
    }

    /// `Breakdown of the median launch (launch 2, 312.4 ms to ready): …`, or nil without breakdowns.
    package static func line(_ findings: RunFindings?) -> String? {
        guard let breakdowns = findings?.breakdowns, let median = SlowStartRules.medianLaunch(breakdowns) else {
            return nil
        }
        let end = (findings?.endpoint ?? .firstFrame) == .ready ? "to ready" : "to the first frame"
        let launch = median.runIndex.map { "launch \($0), " } ?? ""
        return "Breakdown of the median launch (\(launch)\(MetricKind.time.format(Double(median.totalNs))) \(end)): "
            + parts(median) + "."
    }

    /// The reasons' lines for the text report, each with its threshold, value, severity and,
    /// `verbose`, its evidence and advice; empty without reasons.
    package static func text(_ findings: RunFindings?, verbose: Bool = true) -> String {
        guard let reasons = findings?.reasons, !reasons.isEmpty else { return "" }
        var out = verbose ? "Slow-start reasons:\n" : "Slow-start reasons (their evidence and advice with --verbose):\n"
        for reason in reasons {
            out +=
                "  ! \(reason.title) (threshold \(SlowStartRules.percent(reason.threshold)), \(reason.severity.rawValue)): "
                + "\(MetricKind.time.format(reason.medianNs)) per launch\n"
            guard verbose else { continue }
            for evidence in reason.evidence { out += "     evidence: \(evidence)\n" }
            out += "     -> \(reason.advice)\n"
        }
        return out
    }

    /// The reasons for the Markdown report, as a list; empty without reasons.
    package static func markdown(_ findings: RunFindings?) -> String {
        guard let reasons = findings?.reasons, !reasons.isEmpty else { return "" }
        var out = "#### Slow-start reasons\n\n"
        for reason in reasons {
            let evidence = reason.evidence.isEmpty ? "" : " Evidence: " + reason.evidence.joined(separator: "; ") + "."
            let threshold = SlowStartRules.percent(reason.threshold)
            let time = MetricKind.time.format(reason.medianNs)
            let facts = "(threshold \(threshold), \(reason.severity.rawValue), \(time) per launch)."
            let rest = MarkdownReport.escape(evidence + " " + reason.advice)
            out += "- **\(MarkdownReport.escape(reason.title))** \(facts)\(rest)\n"
        }
        return out + "\n"
    }
}
