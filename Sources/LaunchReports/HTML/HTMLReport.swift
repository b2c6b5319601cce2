import Foundation
import LaunchAnalysis
import LaunchTrace

/// The run as one self-contained HTML page that works offline: inline CSS, inline SVG and a
/// little vanilla JavaScript, readable in light and dark mode.
///
/// It shows the run and the machine, the budget verdicts, the findings with their advice
/// (when given), a waterfall of one launch's phases (on-CPU, runnable and blocked time, budget
/// limits, stalls and blocking calls whose stacks open on click), the spread of every phase
/// across launches, a flame graph of the main-thread samples filterable by phase and launch,
/// and every launch's outcome. Every name is HTML-escaped; the flame graph's data is JSON in a
/// `<script type="application/json">` block with `<`, `>`, `&`, U+2028 and U+2029 escaped.
///
/// ```swift
/// let html = HTMLReport().render(input)                 // the median launch's waterfall
/// let html5 = HTMLReport(run: 5).render(input)          // launch 5's
/// ```
public struct HTMLReport: Sendable, Equatable {
    /// The launch the waterfall shows; nil for the median launch.
    public var run: Int?
    /// Who made the page, shown in the footer.
    public var generator: String

    /// Creates a renderer.
    public init(run: Int? = nil, generator: String = "launchprof") {
        self.run = run
        self.generator = generator
    }

    /// The launch the waterfall of `input` shows.
    public func chosenRun(in input: ReportInput) throws -> Int? {
        guard let run else { return input.medianRunIndex }
        guard input.trace(run: run) != nil else {
            let available = input.traces.compactMap(\.runIndex).map(String.init).joined(separator: ", ")
            throw ReportInputError(message: "Launch \(run) has no trace to show; the launches with traces are \(available.isEmpty ? "none" : available).")
        }
        return run
    }

    /// How many findings the page shows at most.
    public static let findingsLimit = 6

    /// Renders the page; `findings` default to the top ones of the summary's findings.
    ///
    /// - Throws: ``ReportInputError`` when ``run`` names a launch without a trace.
    public func render(_ input: ReportInput, findings: [ReportFinding]? = nil) throws -> String {
        let findings = findings ?? ReportFinding.top(input.summary.findings, limit: Self.findingsLimit)
        let chosen = try chosenRun(in: input)
        let trace = chosen.flatMap { input.trace(run: $0) }
        let summary = input.summary
        let appName = trace?.app.name ?? ReportText.appName(summary)
        let code = input.evaluation.exitCode

        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>LaunchProfiler: \(HTMLText.escape(appName))</title>
        <style>
        \(HTMLReportStyle.css)
        </style>
        </head>
        <body>
        <script>
        \(HTMLReportScript.errorCatcher)
        </script>
        <main>

        """
        html += header(input, appName: appName, code: code, trace: trace, chosen: chosen)
        html += verdictSection(input)
        if let trace, let chosen {
            html += waterfallSection(input, trace: trace, chosen: chosen)
            html += findingsSection(findings)
            html += eventsSection(trace: trace, profile: input.profile(run: chosen))
        } else {
            html += "<h2>Waterfall</h2>\n<p class=\"muted\">No launch completed with a trace, so there is no waterfall to draw.</p>\n"
            html += findingsSection(findings)
        }
        html += spreadSection(input, chosen: chosen)
        html += flameSection(input)
        html += launchesSection(input, chosen: chosen)
        html += "<footer>Made by \(HTMLText.escape(generator)) from the run folder's launches.json and traces. "
        html += "Times are from each launch's spawn (CLOCK_MONOTONIC).</footer>\n</main>\n"
        let data = FlameGraphData(profiles: input.profiles, chosenRun: chosen)
        let json = (try? JSONEncoder.sorted.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        html += "<script type=\"application/json\" id=\"report-data\">\(HTMLText.scriptSafeJSON(json))</script>\n"
        html += "<script>\n\(HTMLReportScript.main)\n</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: - Sections

    private func header(_ input: ReportInput, appName: String, code: ExitCode, trace: LaunchTrace?, chosen: Int?) -> String {
        let summary = input.summary
        let badge: String
        if input.evaluation.verdicts.isEmpty && code == .success {
            badge = "<span class=\"badge missing\">no budgets</span>"
        } else {
            badge = "<span class=\"badge \(Self.badgeClass(code))\" data-result=\"\(code.rawValue)\">\(HTMLText.escape(ReportText.result(code)))</span>"
        }
        var meta: [(String, String)] = [
            ("Scenario", HTMLText.escape(summary.run.scenario.rawValue)),
            ("Launches", HTMLText.escape(ReportText.launchesLine(summary)) + (summary.run.warmup > 0 ? " (after \(summary.run.warmup) warm-up)" : "")),
            ("Date", HTMLText.escape(summary.run.date)),
            ("App", "<code>\(HTMLText.escape(summary.run.appPath))</code>"),
        ]
        if let machine = summary.run.machine ?? trace?.machine {
            let memory = String(format: "%.1f GB", Double(machine.memoryBytes) / 1e9)
            meta.append(("Machine", HTMLText.escape("\(machine.cpuModel), \(machine.logicalCores) cores, \(memory), Linux \(machine.kernel) (\(machine.hostname))")))
        }
        let scenario = summary.run.scenario
        if let overhead = summary.metric(.profilerOverhead, scenario: scenario) {
            var text = "median \(HTMLFormat.ms(overhead.statistics.median)) on the main thread"
            if let firstFrame = summary.metric(.timeToFirstFrame, scenario: scenario), firstFrame.statistics.median > 0 {
                text += " (\(HTMLFormat.percent(overhead.statistics.median / firstFrame.statistics.median)) of time to first frame)"
            }
            if let activity = trace?.mainThread {
                text += "; sampler: \(activity.sampler.method.rawValue), \(activity.sampler.signalsSent) signals, \(activity.sampler.samplesTaken) samples"
                if let tracer = activity.tracer {
                    text += "; tracer: \(tracer.interceptedCalls) calls intercepted, \(tracer.recordedCalls) recorded"
                }
            }
            meta.append(("Profiler overhead", HTMLText.escape(text)))
        }
        if let trace {
            meta.append(("Instruments", HTMLText.escape(trace.profiler.instruments.joined(separator: ", ") + " (LaunchProbe \(trace.profiler.version))")))
        }
        var out = "<header>\n<h1>\(HTMLText.escape(appName)) launch report</h1> \(badge)\n<dl class=\"meta\">\n"
        for (term, value) in meta {
            out += "<dt>\(term)</dt><dd>\(value)</dd>\n"
        }
        if let chosen {
            out += "<dt>Waterfall</dt><dd>launch \(chosen)\(run == nil ? " (the median time to first frame)" : "")</dd>\n"
        }
        out += "</dl>\n</header>\n"
        return out
    }

    private func verdictSection(_ input: ReportInput) -> String {
        var out = "<h2 id=\"verdicts\">Budget verdicts</h2>\n"
        let evaluation = input.evaluation
        guard !evaluation.verdicts.isEmpty || !evaluation.policyVerdicts.isEmpty else {
            return out + "<p class=\"muted\">No budget rules were given (use <code>--budgets budgets.json</code>).</p>\n"
        }
        out += "<table class=\"verdicts\">\n<thead><tr><th>Verdict</th><th>Metric</th><th>Scenario</th><th>Level</th><th>Budget</th>"
        out += "<th class=\"num\">Value</th><th class=\"num\">95 % CI</th><th class=\"num\">Median</th><th class=\"num\">p90</th><th class=\"num\">n</th></tr></thead>\n<tbody>\n"
        for verdict in evaluation.verdicts {
            let rule = verdict.rule
            let metric = input.summary.metric(rule.metric, scenario: rule.scenario)
            let interval = verdict.interval.map { "\(rule.kind.format($0.lower)) – \(rule.kind.format($0.upper))" } ?? "-"
            let status = verdict.status.rawValue
            out += "<tr class=\"verdict\" data-metric=\"\(HTMLText.escape(rule.metric.rawValue))\" data-status=\"\(status)\" data-level=\"\(rule.level.rawValue)\">"
            out += "<td class=\"status status-\(status)\" title=\"\(HTMLText.escape(verdict.message))\">\(ReportText.label(verdict.status))\(verdict.isImprovement ? " (improved)" : "")</td>"
            out += "<td><code>\(HTMLText.escape(rule.metric.rawValue))</code></td><td>\(rule.scenario.rawValue)</td><td>\(rule.level.rawValue)</td>"
            out += "<td>\(HTMLText.escape(ReportText.budget(rule)))</td>"
            out += "<td class=\"num\">\(HTMLText.escape(ReportText.value(verdict.observed, rule.kind)))</td>"
            out += "<td class=\"num\">\(HTMLText.escape(interval))</td>"
            out += "<td class=\"num\">\(HTMLText.escape(ReportText.value(metric?.statistics.median, rule.kind)))</td>"
            out += "<td class=\"num\">\(HTMLText.escape(ReportText.value(metric?.statistics.p90, rule.kind)))</td>"
            out += "<td class=\"num\">\(verdict.sampleCount)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        let notes = evaluation.verdicts.filter { $0.status != .pass || $0.isImprovement }
        if !notes.isEmpty || !evaluation.policyVerdicts.isEmpty {
            out += "<ul class=\"notes\">\n"
            for verdict in notes {
                out += "<li><span class=\"status status-\(verdict.status.rawValue)\">\(verdict.isImprovement ? "improved" : ReportText.label(verdict.status))</span> "
                out += "\(HTMLText.escape(verdict.message))</li>\n"
            }
            for verdict in evaluation.policyVerdicts {
                out += "<li class=\"policy\" data-status=\"\(verdict.status.rawValue)\"><span class=\"status status-\(verdict.status.rawValue)\">policy \(ReportText.label(verdict.status))</span> "
                out += "(\(verdict.level.rawValue)) \(HTMLText.escape(verdict.message))</li>\n"
            }
            out += "</ul>\n"
        }
        return out
    }

    private func findingsSection(_ findings: [ReportFinding]) -> String {
        guard !findings.isEmpty else { return "" }
        var out = "<h2 id=\"findings\">Main-thread findings</h2>\n<div class=\"findings\">\n"
        for finding in findings {
            out += "<div class=\"finding card\">\n<h3>\(HTMLText.escape(finding.title))</h3>\n"
            out += "<p class=\"muted\">\(HTMLText.escape(finding.detail))</p>\n"
            if !finding.advice.isEmpty { out += "<p>\(HTMLText.escape(finding.advice))</p>\n" }
            if let rewrite = finding.rewrite, !rewrite.isEmpty { out += "<pre><code>\(HTMLText.escape(rewrite))</code></pre>\n" }
            out += "</div>\n"
        }
        return out + "</div>\n"
    }

    private func waterfallSection(_ input: ReportInput, trace: LaunchTrace, chosen: Int) -> String {
        var out = "<h2 id=\"waterfall\">Waterfall of launch \(chosen)</h2>\n"
        out += "<div class=\"legend\"><span><i class=\"cpu\" style=\"background:var(--cpu)\"></i>on-CPU</span>"
        out += "<span><i style=\"background:var(--runnable)\"></i>waiting for a CPU (runnable)</span>"
        out += "<span><i style=\"background:var(--blocked)\"></i>blocked (I/O, sleep, locks)</span>"
        out += "<span><i style=\"background:var(--span)\"></i>app span</span>"
        out += "<span><i style=\"background:var(--blocking)\"></i>blocking call</span>"
        out += "<span><i style=\"background:var(--stall)\"></i>stall</span>"
        out += "<span><i class=\"line\"></i>budget limit</span><span><i class=\"ff\"></i>first frame</span></div>\n"
        out += WaterfallChart(trace: trace, verdicts: input.evaluation.verdicts).render() + "\n"
        return out
    }

    private func eventsSection(trace: LaunchTrace, profile: MainThreadProfile?) -> String {
        guard let activity = trace.mainThread else {
            return "<p class=\"muted\">The blocking-call tracer and the stall sampler did not run in this launch.</p>\n"
        }
        var out = "<h2 id=\"events\">Stalls and blocking calls of launch \(trace.runIndex ?? 0)</h2>\n"
        if activity.blockingCalls.isEmpty && activity.stalls.isEmpty {
            return out + "<p class=\"muted\">None: no call blocked longer than the tracer's threshold and no stall passed \(activity.sampler.stallThresholdMs) ms.</p>\n"
        }
        out += "<p class=\"muted\">Stacks innermost first. Click a mark on the waterfall to open its stack.</p>\n"
        let callSamples = profile?.samples.filter { $0.source == .blockingCall } ?? []
        var events: [(time: Int64, html: String)] = []
        for (index, call) in activity.blockingCalls.enumerated() {
            var summary = "<span class=\"tag blocking\">\(call.kind.rawValue)</span><code>\(HTMLText.escape(call.function))()</code> "
            summary += "\(HTMLFormat.ms(call.durationNs)) at \(HTMLFormat.ms(call.startNs))"
            if let phase = call.phase { summary += " in \(phase.rawValue)" }
            if let resource = call.resource { summary += " — <code>\(HTMLText.escape(resource))</code>" }
            if let errno = call.errno { summary += " (errno \(errno))" }
            var names: [String] = []
            if let profile, index < callSamples.count { names = Array(profile.names(of: callSamples[index]).dropLast().reversed()) }
            let stack = names.isEmpty ? call.stack.map(\.description) : names
            let items = stack.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
            events.append((call.startNs, "<details class=\"event\" id=\"event-b\(index)\"><summary>\(summary)</summary><ol class=\"stack\">\(items)</ol></details>\n"))
        }
        for (index, stall) in activity.stalls.enumerated() {
            var summary = "<span class=\"tag stall\">stall</span>\(HTMLFormat.ms(stall.durationNs)) at \(HTMLFormat.ms(stall.startNs))"
            if let phase = stall.phase { summary += " in \(phase.rawValue)" }
            summary += ", \(stall.samples.count) sample\(stall.samples.count == 1 ? "" : "s")"
            var body = ""
            let inCall = stall.samples.compactMap(\.blockingCall)
            if !inCall.isEmpty {
                let calls = Set(inCall).sorted().map { i in i < activity.blockingCalls.count ? "\(activity.blockingCalls[i].function)()" : "#\(i)" }
                body += "<p>\(inCall.count) sample\(inCall.count == 1 ? " was" : "s were") inside the traced call \(HTMLText.escape(calls.joined(separator: ", "))) (its stack above).</p>"
            }
            let end = stall.startNs + stall.durationNs
            let samples = profile?.samples.filter { $0.source == .stallSample && $0.timeNs >= stall.startNs && $0.timeNs <= end } ?? []
            var counts: [[String]: Int] = [:]
            var order: [[String]] = []
            for sample in samples {
                let names = Array(profile!.names(of: sample).reversed())
                if counts[names] == nil { order.append(names) }
                counts[names, default: 0] += 1
            }
            order.sort { counts[$0]! > counts[$1]! }
            for names in order.prefix(3) {
                let count = counts[names]!
                body += "<p class=\"stack\"><span class=\"count\">\(count) of \(samples.count) samples:</span></p><ol class=\"stack\">"
                body += names.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ol>"
            }
            if order.count > 3 { body += "<p class=\"muted\">\(order.count - 3) more distinct stacks: see the flame graph.</p>" }
            events.append((stall.startNs, "<details class=\"event\" id=\"event-s\(index)\"><summary>\(summary)</summary>\(body)</details>\n"))
        }
        for event in events.sorted(by: { $0.time < $1.time }) { out += event.html }
        return out
    }

    private func spreadSection(_ input: ReportInput, chosen: Int?) -> String {
        var out = "<h2 id=\"spread\">Spread across launches</h2>\n"
        out += "<p class=\"muted\">One dot per completed launch (the waterfall's launch highlighted), the median as a tick, dashed budget limits. Each row has its own scale.</p>\n"
        out += SpreadChart(summary: input.summary, scenario: input.summary.run.scenario, verdicts: input.evaluation.verdicts, highlightedRun: chosen).render() + "\n"
        return out
    }

    private func flameSection(_ input: ReportInput) -> String {
        var out = "<h2 id=\"flame-graph\">Main-thread flame graph</h2>\n"
        out += "<p class=\"muted\">Stall samples (each weighs the sampling interval) and blocking calls (each weighs its duration), root at the top. "
        out += "Blocking calls end in a frame such as <code>read() [fileIO]</code>.</p>\n"
        out += "<div class=\"flame-controls\"><label>Phase <select id=\"flame-phase\"></select></label>"
        out += "<label>Launch <select id=\"flame-run\"></select></label></div>\n"
        out += "<div id=\"flame\" role=\"img\" aria-label=\"Flame graph of main-thread samples\"><noscript><p class=\"muted\">The flame graph needs JavaScript.</p></noscript></div>\n"
        out += "<p id=\"flame-info\" class=\"muted\"></p>\n"
        return out
    }

    private func launchesSection(_ input: ReportInput, chosen: Int?) -> String {
        var out = "<h2 id=\"launches\">Launches</h2>\n<table class=\"launches\">\n<thead><tr><th class=\"num\">#</th><th>Outcome</th>"
        out += "<th class=\"num\">First frame</th><th class=\"num\">Active</th><th class=\"num\">Wall</th><th class=\"num\">Stalls</th><th class=\"num\">Blocking calls</th><th>Note</th></tr></thead>\n<tbody>\n"
        for record in input.summary.launches {
            let trace = input.trace(run: record.index)
            out += "<tr data-launch=\"\(record.index)\" data-outcome=\"\(record.outcome.rawValue)\"><td class=\"num\">\(record.index)\(record.index == chosen ? " ◂" : "")</td>"
            out += "<td>\(HTMLText.escape(ReportText.outcomeName(record.outcome)))</td>"
            out += "<td class=\"num\">\(trace?.totals.timeToFirstFrameNs.map { HTMLFormat.ms($0) } ?? "-")</td>"
            out += "<td class=\"num\">\(trace?.totals.timeToActiveNs.map { HTMLFormat.ms($0) } ?? "-")</td>"
            out += "<td class=\"num\">\(HTMLFormat.ms(record.wallNs))</td>"
            out += "<td class=\"num\">\(trace?.mainThread.map { String($0.stalls.count) } ?? "-")</td>"
            out += "<td class=\"num\">\(trace?.mainThread.map { String($0.blockingCalls.count) } ?? "-")</td>"
            var note = record.message ?? ""
            if let last = record.lastPhase, record.outcome != .completed { note += (note.isEmpty ? "" : " ") + "Last phase: \(last)." }
            out += "<td>\(HTMLText.escape(note))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    static func badgeClass(_ code: ExitCode) -> String {
        switch code {
        case .success: "pass"
        case .inconclusive: "inconclusive"
        default: "fail"
        }
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys and no pretty printing, for data embedded in a page.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
