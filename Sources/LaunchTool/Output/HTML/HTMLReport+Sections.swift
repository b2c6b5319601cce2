import LaunchTrace

extension HTMLReport {
    func header(_ input: ReportInput, appName: String, code: ProfilerExitStatus, trace: LaunchTrace?, chosen: Int?)
        -> HTMLNode
    {
        let badge: HTMLNode
        if input.evaluation.verdicts.isEmpty && code == .success {
            badge = .el("span", ["class": "badge missing"], "no budgets")
        } else {
            badge = .el(
                "span", ["class": "badge \(Self.badgeClass(code))", "data-result": "\(code.rawValue)"],
                "\(ReportText.result(code))")
        }
        var entries: [HTMLNode] = []
        for (term, value) in metadata(input, trace: trace) {
            entries += [.el("dt", "\(term)"), .el("dd", value), .newline]
        }
        if let chosen {
            let endpoint = trace?.totals.timeToFirstFrameNs != nil ? "first frame" : "ready"
            entries += [
                .el("dt", "Waterfall"),
                .el("dd", "launch \(chosen)\(run == nil ? " (the median time to \(endpoint))" : "")"), .newline,
            ]
        }
        return .fragment([
            .el(
                "header", [:],
                .newline, .el("h1", "\(appName) launch report"), " ", badge, .newline,
                .el("dl", ["class": "meta"], children: [.newline] + entries), .newline
            ),
            .newline,
        ])
    }

    /// The run's facts as term and value.
    private func metadata(_ input: ReportInput, trace: LaunchTrace?) -> [(String, HTMLNode)] {
        let summary = input.summary
        var meta: [(String, HTMLNode)] = [
            ("Scenario", "\(summary.run.scenario)"),
            (
                "Launches",
                "\(ReportText.launchesLine(summary))\(summary.run.warmup > 0 ? " (after \(summary.run.warmup) warm-up)" : "")"
            ),
            ("Date", "\(summary.run.date)"),
            ("App", .el("code", "\(summary.run.appPath)")),
        ]
        if let scenario = summary.scenarios[summary.run.scenario.rawValue], let timing = scenario.timing {
            meta.append(
                (
                    "Measurement launches",
                    "\(ReportText.timingLine(timing, profiledLaunches: scenario.completedLaunches)); \(ReportText.kindsLine(scenario) ?? "")"
                ))
        }
        if let scenario = summary.scenarios[summary.run.scenario.rawValue],
            let display = ReportText.displayLine(scenario)
        {
            meta.append(("Display", .el("strong", "\(display)")))
        }
        if let followed = ReportText.followedLine(summary) { meta.append(("Followed", "\(followed)")) }
        if let title = ReportText.windowTitleLine(summary) { meta.append(("Window", "\(title)")) }
        if let machine = summary.run.machine ?? trace?.machine {
            let memory = String(format: "%.1f GB", Double(machine.memoryBytes) / 1e9)
            meta.append(
                (
                    "Machine",
                    "\(machine.cpuModel), \(machine.logicalCores) cores, \(memory), Linux \(machine.kernel) (\(machine.hostname))"
                ))
        }
        // A program that writes no trace has no probe: no overhead of its own to report.
        let probed = trace.map { !$0.profiler.instruments.isEmpty } ?? true
        if probed, let overhead = overheadText(summary, trace: trace) {
            meta.append(("Profiler overhead", "\(overhead)"))
        }
        if let trace {
            let profile = trace.profile.map { "; the runner's whole-launch profile: \($0.source.rawValue)" } ?? ""
            let instruments =
                probed
                ? "\(trace.profiler.instruments.joined(separator: ", ")) (LaunchProbe \(trace.profiler.version))"
                : "none in the program (the runner built its trace)\(profile)"
            meta.append(("Instruments", "\(instruments)"))
        }
        return meta
    }

    private func overheadText(_ summary: RunSummary, trace: LaunchTrace?) -> String? {
        let scenario = summary.run.scenario
        guard let overhead = summary.metric(.profilerOverhead, scenario: scenario) else { return nil }
        var text = "median \(HTMLFormat.ms(overhead.statistics.median)) on the main thread"
        if let firstFrame = summary.metric(.timeToFirstFrame, scenario: scenario), firstFrame.statistics.median > 0 {
            text +=
                " (\(HTMLFormat.percent(overhead.statistics.median / firstFrame.statistics.median)) of time to first frame)"
        }
        if let activity = trace?.mainThread {
            text +=
                "; sampler: \(activity.sampler.method.rawValue), \(activity.sampler.signalsSent) signals, \(activity.sampler.samplesTaken) samples"
            if let tracer = activity.tracer {
                text += "; tracer: \(tracer.interceptedCalls) calls intercepted, \(tracer.recordedCalls) recorded"
            }
        }
        return text
    }

    func findingsSection(
        _ findings: [ReportFinding], attribution: LaunchAttribution?, endpoint: LaunchEndpoint?,
        symbolication: [String] = [], waiting: String? = nil, reasons: [SlowStartReason] = []
    ) -> HTMLNode {
        let coverage = attribution.flatMap { FindingsSection.attributionLine($0, endpoint: endpoint) }
        guard !findings.isEmpty || coverage != nil || !symbolication.isEmpty || !reasons.isEmpty else {
            return .fragment([])
        }
        let earlier = ReportFinding.earlierSameAdvice(findings)
        let cards: [HTMLNode] = zip(findings, earlier).map { finding, earlier in
            var children: [HTMLNode] = [
                .newline, .el("h3", "\(finding.title)"), .newline, .el("p", ["class": "muted"], "\(finding.detail)"),
                .newline,
            ]
            if let earlier {
                let first = findings[earlier].place ?? findings[earlier].title
                children += [.el("p", ["class": "muted"], "The same advice as for \(first) above."), .newline]
                return .fragment([.el("div", ["class": "finding card"], children: children), .newline])
            }
            if !finding.advice.isEmpty { children += [.el("p", "\(finding.advice)"), .newline] }
            if let rewrite = finding.rewrite, !rewrite.isEmpty {
                children += [.el("pre", .el("code", "\(rewrite)")), .newline]
            }
            return .fragment([.el("div", ["class": "finding card"], children: children), .newline])
        }
        return .fragment([
            .el("h2", ["id": "findings"], "Findings"), .newline,
            .el("div", ["class": "findings"], children: [.newline] + reasons.map(reasonCard) + cards), .newline,
            coverage.map { .el("p", ["class": "muted", "id": "attribution"], "\($0)") } ?? .fragment([]), .newline,
            waiting.map { .fragment([.el("p", ["class": "muted", "id": "waiting"], "\($0)"), .newline]) }
                ?? .fragment([]),
            .fragment(
                symbolication.map { .fragment([.el("p", ["class": "muted symbolication"], "\($0)"), .newline]) }),
        ])
    }

    /// A slow-start reason as a card: its title, threshold, value and severity, evidence, advice.
    func reasonCard(_ reason: SlowStartReason) -> HTMLNode {
        let facts =
            "Threshold \(SlowStartRules.percent(reason.threshold)), measured \(SlowStartRules.percent(reason.value)) "
            + "(\(HTMLFormat.ms(reason.medianNs)) per launch), severity \(reason.severity.rawValue)."
        let evidence: [HTMLNode] = reason.evidence.map { .el("li", "\($0)") }
        return .fragment([
            .el(
                "div", ["class": "finding card reason", "data-rule": reason.rule],
                children: [
                    .newline, .el("h3", "\(reason.title)"), .newline, .el("p", ["class": "muted"], "\(facts)"),
                    .newline,
                    .el("ul", children: evidence), .newline, .el("p", "\(reason.advice)"), .newline,
                ]),
            .newline,
        ])
    }

    /// The breakdown of launch `trace` (else of the median launch) as a bar, when the run has breakdowns.
    func breakdownBar(_ input: ReportInput, trace: LaunchTrace) -> HTMLNode {
        guard let all = input.summary.findings?.breakdowns,
            let breakdown = all.first(where: { $0.runIndex == trace.runIndex }) ?? SlowStartRules.medianLaunch(all)
        else { return .fragment([]) }
        return .fragment([
            .el("h3", ["id": "breakdown"], "Exec to ready, one reason per interval"), .newline,
            BreakdownBar(breakdown: breakdown).node(),
        ])
    }

    func waterfallSection(_ input: ReportInput, trace: LaunchTrace, chosen: Int) -> HTMLNode {
        func swatch(_ colour: String, _ label: String) -> HTMLNode {
            .el("span", .el("i", ["style": "background:var(--\(colour))"]), "\(label)")
        }
        let legend: HTMLNode = .el(
            "div", ["class": "legend"],
            .el("span", .el("i", ["class": "cpu", "style": "background:var(--cpu)"]), "on-CPU"),
            swatch("runnable", "waiting for a CPU (runnable)"),
            swatch("blocked", "blocked (I/O, sleep, locks)"),
            swatch("span", "app span"),
            swatch("blocking", "blocking call"),
            swatch("stall", "stall"),
            .el("span", .el("i", ["class": "line"]), "budget limit"),
            .el("span", .el("i", ["class": "ff"]), "first frame")
        )
        return .fragment([
            .el("h2", ["id": "waterfall"], "Waterfall of launch \(chosen)"), .newline,
            legend, .newline,
            WaterfallChart(trace: trace, verdicts: input.evaluation.verdicts).node(), .newline,
            breakdownBar(input, trace: trace),
        ])
    }

    func spreadSection(_ input: ReportInput, chosen: Int?) -> HTMLNode {
        .fragment([
            .el("h2", ["id": "spread"], "Spread across launches"), .newline,
            .el(
                "p", ["class": "muted"],
                "One dot per completed launch (the waterfall's launch highlighted), the median as a tick, dashed budget limits. Each row has its own scale."
            ), .newline,
            SpreadChart(
                summary: input.summary, scenario: input.summary.run.scenario, verdicts: input.evaluation.verdicts,
                highlightedRun: chosen
            ).node(), .newline,
        ])
    }

    func flameSection(_ input: ReportInput) -> HTMLNode {
        .fragment([
            .el("h2", ["id": "flame-graph"], "Flame graph"), .newline,
            .el(
                "p", ["class": "muted"],
                "The whole-launch profile of every thread under its own root (on-CPU samples weigh their period; blocked time of the main thread, and of another thread while the launch waited for it, weighs its duration), with the tracer's blocking calls, root at the top. Blocking calls end in a frame such as ",
                .el("code", "read() [fileIO]"), "; without a whole-launch profile, the stall sampler's samples."),
            .newline,
            .el(
                "div", ["class": "flame-controls"],
                .el("label", "Phase ", .el("select", ["id": "flame-phase"])),
                .el("label", "Launch ", .el("select", ["id": "flame-run"]))),
            .newline,
            .el(
                "div", ["id": "flame", "role": "img", "aria-label": "Flame graph of the launch's samples"],
                .el("noscript", .el("p", ["class": "muted"], "The flame graph needs JavaScript."))),
            .newline,
            .el("p", ["id": "flame-info", "class": "muted"]), .newline,
        ])
    }
}
