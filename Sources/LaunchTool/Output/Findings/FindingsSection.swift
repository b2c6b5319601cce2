import LaunchTrace

/// The top-findings sections of the text and Markdown reports: the costliest main-thread
/// work with one line of advice each, and the policy's violations. (The JSON report carries
/// every finding in `summary.findings` and the violations in `evaluation.policyVerdicts`.)
///
/// ```swift
/// print(FindingsSection.text(findings: summary.findings, policyVerdicts: evaluation.policyVerdicts))
/// ```
package enum FindingsSection {
    /// Findings shown in the text report.
    package static let textLimit = 5
    /// Findings shown in the Markdown report.
    package static let markdownLimit = 5

    /// `100.0 ms (55.6 % of didFinishLaunching, 24.9 % of first frame)`; a program's share is of
    /// `time to ready`. Work its thread waited for a CPU in is split:
    /// `200.0 ms: 89.0 ms on CPU, 111.0 ms waiting for a CPU (…)`.
    package static func cost(_ finding: Finding, endpoint: LaunchEndpoint? = nil) -> String {
        var shares: [String] = []
        if let share = finding.phaseShare, let phase = finding.site.phase {
            shares.append("\(percent(share)) of \(phase.rawValue)")
        }
        if let share = finding.firstFrameShare {
            shares.append("\(percent(share)) of \((endpoint ?? .firstFrame).shareName)")
        }
        return MetricKind.time.format(finding.medianCostNs) + split(finding)
            + (shares.isEmpty ? "" : " (" + shares.joined(separator: ", ") + ")")
    }

    /// `: 89.0 ms on CPU, 111.0 ms waiting for a CPU` when the work's thread waited for a CPU
    /// for at least 1 % of its cost, else empty.
    static func split(_ finding: Finding) -> String {
        guard let waiting = finding.medianWaitingForCPUNs, waiting >= finding.medianCostNs / 100, waiting > 0 else {
            return ""
        }
        let own = Swift.max(0, finding.medianCostNs - waiting)
        let ownName = finding.site.kind == .cpu ? "on CPU" : finding.site.kind.rawValue
        return ": \(MetricKind.time.format(own)) \(ownName), \(MetricKind.time.format(waiting)) waiting for a CPU"
    }

    /// `55.6 %`: one decimal, without Foundation's locale-dependent formatting.
    static func percent(_ ratio: Double) -> String {
        guard ratio.isFinite, Swift.abs(ratio) < 1e12 else { return "\(ratio * 100) %" }
        let tenths = Int64((ratio * 1000).rounded())
        return "\(tenths / 10).\(abs(tenths % 10)) %"
    }

    /// One sentence on where the time the launch waited for before the first frame (or readiness)
    /// went, on whichever thread (the critical path):
    /// the share charged to app functions, libraries (the three largest named) and the loader,
    /// and what is left unattributed (never with advice). Nil when there was no time to charge.
    package static func attributionLine(_ attribution: LaunchAttribution, endpoint: LaunchEndpoint? = nil) -> String? {
        guard let coverage = attribution.coverage else { return nil }
        let total = Double(attribution.totalNs)
        func share(_ ns: Int64) -> String { percent(Double(ns) / total) }
        let libraries = attribution.librariesNs.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let named = libraries.prefix(3).map { "\($0.key) \(share($0.value))" }.joined(separator: ", ")
        let librariesTotal = libraries.reduce(0) { $0 + $1.value }
        let waiting = attribution.waitingForCPUNs.map { "; waiting for a CPU \(share($0)) of it" } ?? ""
        return
            "Attribution coverage \(percent(coverage)) of the on-CPU, runnable and blocked time the launch waited for before \((endpoint ?? .firstFrame).phrase): "
            + "app functions \(share(attribution.appNs)), libraries \(share(librariesTotal))"
            + (named.isEmpty ? "" : " (\(named))") + ", loader \(share(attribution.loaderNs)); "
            + "unattributed \(share(attribution.unattributedNs)) (no stack or no known image)\(waiting)."
    }

    /// `, 129 calls per launch (write, fsync, read)`: how many blocking calls the tracer timed, over
    /// its threshold or under it in aggregate; empty when the finding comes from samples only.
    static func calls(_ finding: Finding) -> String {
        guard finding.tracedCalls > 0, finding.launches > 0 else { return "" }
        let perLaunch = (Double(finding.tracedCalls) / Double(finding.launches)).rounded()
        let count = Int(perLaunch)
        let functions =
            finding.blockingFunctions.isEmpty ? "" : " (\(finding.blockingFunctions.joined(separator: ", ")))"
        return ", \(count) call\(count == 1 ? "" : "s") per launch\(functions)"
    }

    /// Where a finding's time went, for people: the function with its file and line, the
    /// dependency function it called, whose code it is when not the program's, and the thread
    /// when not the main one: `App.configure() (App.swift:12) → MultiThreadedEventLoopGroup.init (NIOPosix)`,
    /// `crunch() (Work.swift:8) on a cooperative-pool thread`.
    package static func place(of finding: Finding) -> String {
        var text = finding.site.functionWithLocation
        if let callee = finding.site.callee { text += " → \(callee)" }
        if finding.site.owner == .dependency {
            let owner = finding.site.package ?? finding.site.module.map { "module \($0)" } ?? "a dependency"
            text +=
                " (\(owner), " + (finding.site.caller.map { "called from \($0)" } ?? "no call of the program's") + ")"
        }
        if let thread = finding.site.thread { text += " on \(thread)" }
        return text
    }

    /// One line on the machine's share, when the launches waited for a CPU at least a millisecond
    /// (median): how long, and which other programs held the CPUs (an estimate from `/proc`).
    package static func waitingLine(_ findings: RunFindings, limit: Int = 5) -> String? {
        guard let waiting = findings.medianWaitingForCPUNs, waiting >= 1_000_000 else { return nil }
        var line =
            "Waiting for a CPU: the launch waited \(ReportText.value(waiting, .time)) (median per launch) for a CPU, time the machine took, not the program"
        let others = findings.otherPrograms ?? []
        if !others.isEmpty {
            let named = others.prefix(limit).map { other in
                let count = other.processes > 1 ? " (\(other.processes) processes)" : ""
                return "\(other.name)\(count) \(ReportText.value(other.medianCPUNs, .time))"
            }
            line +=
                "; other programs ran meanwhile: " + named.joined(separator: ", ")
                + (others.count > limit ? ", and \(others.count - limit) more" : "")
                + " (CPU time in the launch's window, median per launch, from /proc: an estimate)"
        }
        return line + "."
    }

    /// One line naming the largest CPU work the launches did not wait for, or nil.
    package static func backgroundLine(_ findings: RunFindings, limit: Int = 3) -> String? {
        guard let work = findings.background, !work.isEmpty else { return nil }
        let items = work.prefix(limit).map {
            "\($0.function) on \($0.thread) \(ReportText.value($0.medianCPUNs, .time))"
        }
        return "Background CPU the launch did not wait for (median per launch, not findings): "
            + items.joined(separator: ", ") + (work.count > limit ? ", and \(work.count - limit) more" : "") + "."
    }

    /// The text section, ending with a newline; empty when there is nothing to show. Not
    /// `verbose`, it leaves out the reasons' evidence and advice, the attribution and background
    /// lines, and the machine's share unless the launch waited for a CPU long enough to be a
    /// reason; it says how to see the findings it does not list.
    package static func text(
        findings: RunFindings?, policyVerdicts: [PolicyVerdict], limit: Int = textLimit, verbose: Bool = true
    ) -> String {
        var out = ""
        out += BreakdownSection.text(findings, verbose: verbose)
        if let findings {
            let observed = findings.analyzedLaunches.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(
                separator: ", ")
            let launches = ReportText.plural(findings.analyzedLaunches.values.reduce(0, +), "launch")
            out += "Top findings (\(observed.isEmpty ? "no" : observed) \(launches) observed):\n"
            let top = findings.top(limit)
            if top.isEmpty { out += "  none\n" }
            out += lines(top, endpoint: findings.endpoint)
            if findings.findings.count > top.count {
                out += "  … \(findings.findings.count - top.count) more" + moreWords(findings, verbose: verbose) + "\n"
            }
            for line in detailLines(findings, verbose: verbose) { out += line + "\n" }
        }
        for line in policyLines(policyVerdicts, verbose: verbose) { out += line + "\n" }
        return out
    }

    /// The policy's verdicts, one line each; not `verbose`, the violations of one status and level
    /// on one line when there are several (each function, its kind of work, its phase and its
    /// cost, without the rules' messages).
    static func policyLines(_ verdicts: [PolicyVerdict], verbose: Bool) -> [String] {
        func head(_ verdict: PolicyVerdict) -> String {
            "- policy \(ReportText.label(verdict.status)) (\(verdict.level.rawValue))"
        }
        func full(_ verdict: PolicyVerdict) -> String { head(verdict) + ": " + verdict.message }
        guard !verbose else { return verdicts.map(full) }
        var groups: [(head: String, verdicts: [PolicyVerdict])] = []
        for verdict in verdicts {
            if let index = groups.firstIndex(where: { $0.head == head(verdict) }) {
                groups[index].verdicts.append(verdict)
            } else {
                groups.append((head(verdict), [verdict]))
            }
        }
        return groups.flatMap { group -> [String] in
            let violations = group.verdicts.compactMap(violation)
            guard violations.count > 1, violations.count == group.verdicts.count else {
                return group.verdicts.map(full)
            }
            return [
                "\(group.head), \(violations.count) violations: " + violations.joined(separator: ", ")
                    + " (each rule's message with --verbose)."
            ]
        }
    }

    /// `LicenseCheck.verify() sleep in didFinishLaunching 30.1 ms`: a violation in a few words;
    /// nil for a verdict that is not one.
    static func violation(_ verdict: PolicyVerdict) -> String? {
        guard verdict.status == .fail, let function = verdict.function, let kind = verdict.kind else { return nil }
        return "\(function) \(kind.rawValue)" + (verdict.phase.map { " in \($0.rawValue)" } ?? "")
            + (verdict.medianCostNs.map { " \(MetricKind.time.format($0))" } ?? "")
    }

    /// Where the findings not listed are: the JSON report, and the verbose report when it lists
    /// more of them.
    static func moreWords(_ findings: RunFindings, verbose: Bool) -> String {
        guard !verbose else { return " in the JSON report." }
        guard findings.findings.count > textLimit else { return " with --verbose." }
        return ": the top \(textLimit) with --verbose, every one in the JSON report."
    }

    /// The lines under the findings: the attribution, the machine's share, the breakdown of the
    /// median launch, the background work, the symbolication problems; not `verbose`, the
    /// breakdown, the symbolication problems, and the machine's share when it is a reason.
    static func detailLines(_ findings: RunFindings, verbose: Bool) -> [String] {
        let waitingIsReason = findings.reasons?.contains { $0.rule == "waitingForCPU" } ?? false
        let attribution = findings.attribution.flatMap { attributionLine($0, endpoint: findings.endpoint) }
        let lines: [String?] = [
            verbose ? attribution : nil,
            verbose || waitingIsReason ? waitingLine(findings) : nil,
            BreakdownSection.line(findings),
            verbose ? backgroundLine(findings) : nil,
        ]
        return lines.compactMap { $0 } + symbolicationLines(findings)
    }

    /// For each advice, the index of the first earlier one equal to it, nil for the first of its
    /// kind: every report refers to an advice given above (a stripped program's, one finding per
    /// library call) instead of repeating it.
    package static func earlierSameAdvice(_ advices: [String]) -> [Int?] {
        var first: [String: Int] = [:]
        return advices.enumerated().map { index, advice in
            defer { first[advice] = first[advice] ?? index }
            return first[advice]
        }
    }

    /// The advice a finding's line shows: its rewrite, else its summary.
    static func adviceText(_ finding: Finding) -> String {
        finding.advice.rewrite.isEmpty ? finding.advice.summary : finding.advice.rewrite
    }

    /// One numbered line per finding and its advice; an advice already given above is referred
    /// to by number, not repeated.
    private static func lines(_ top: [Finding], endpoint: LaunchEndpoint?) -> String {
        var out = ""
        let earlier = earlierSameAdvice(top.map(adviceText))
        for (index, finding) in top.enumerated() {
            out +=
                "\(String(repeating: " ", count: index < 9 ? 2 : 1))\(index + 1). \(place(of: finding))  \(finding.site.kind.rawValue)"
                + "  \(finding.site.phase?.rawValue ?? "unknown phase")  \(cost(finding, endpoint: endpoint))"
                + "  \(finding.launches)/\(finding.analyzedLaunches) launches, \(finding.confidence.rawValue) confidence"
                + (finding.touchesUI ? ", touches UI" : "") + calls(finding) + "\n"
            out += "     -> " + (earlier[index].map { "the same advice as \($0 + 1)." } ?? adviceText(finding)) + "\n"
        }
        return out
    }

    /// The Markdown section, ending with a newline; empty when there is nothing to show.
    package static func markdown(findings: RunFindings?, policyVerdicts: [PolicyVerdict], limit: Int = markdownLimit)
        -> String
    {
        var out = BreakdownSection.markdown(findings)
        if let findings, !findings.findings.isEmpty {
            out += "#### Findings\n\n"
            out += "| Cost | Kind | Phase | Function | Launches | Confidence | Advice |\n"
            out += "|---:|---|---|---|---:|---|---|\n"
            let top = findings.top(limit)
            let earlier = earlierSameAdvice(top.map(adviceText))
            for (index, finding) in top.enumerated() {
                let shown = earlier[index].map { "As row \($0 + 1)." } ?? adviceText(finding)
                let cells = [
                    MarkdownReport.escape(cost(finding, endpoint: findings.endpoint)), finding.site.kind.rawValue,
                    finding.site.phase?.rawValue ?? "-",
                    MarkdownReport.escape(place(of: finding)),
                    "\(finding.launches)/\(finding.analyzedLaunches)",
                    finding.confidence.rawValue, MarkdownReport.escape(shown),
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
            if findings.findings.count > limit {
                out += "\n\(findings.findings.count - limit) more in the JSON report.\n"
            }
            if let attribution = findings.attribution,
                let line = attributionLine(attribution, endpoint: findings.endpoint)
            {
                out += "\n" + MarkdownReport.escape(line) + "\n"
            }
            if let line = waitingLine(findings) { out += "\n" + MarkdownReport.escape(line) + "\n" }
            if let line = BreakdownSection.line(findings) { out += "\n" + MarkdownReport.escape(line) + "\n" }
        }
        let symbolication = symbolicationLines(findings)
        if !symbolication.isEmpty {
            out += (out.isEmpty ? "" : "\n") + symbolication.map { "- " + MarkdownReport.escape($0) + "\n" }.joined()
        }
        if !policyVerdicts.isEmpty {
            out += (out.isEmpty ? "" : "\n")
            for verdict in policyVerdicts {
                out +=
                    "- **policy \(ReportText.label(verdict.status)) (\(verdict.level.rawValue))** \(MarkdownReport.escape(verdict.message))\n"
            }
        }
        return out
    }

    /// One line per image whose frames lack function names or file and line, saying which and
    /// why (`Symbolication of /app/SampleApp: File and line are missing: llvm-symbolizer
    /// (/usr/bin/llvm-symbolizer) did not finish within 30 s and was stopped.`), by path.
    package static func symbolicationLines(_ findings: RunFindings?) -> [String] {
        guard let problems = findings?.symbolicationProblems else { return [] }
        return problems.sorted { $0.key < $1.key }.map { "Symbolication of \($0.key): \($0.value)" }
    }
}
