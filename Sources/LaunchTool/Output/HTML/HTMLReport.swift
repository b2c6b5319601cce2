import Foundation
import LaunchTrace

/// The run as one self-contained HTML page that works offline: inline CSS, inline SVG and a
/// little vanilla JavaScript, readable in light and dark mode.
///
/// It shows the run and the machine, the budget verdicts, the findings with their advice
/// (when given), a waterfall of one launch's phases (on-CPU, runnable and blocked time, budget
/// limits, stalls and blocking calls whose stacks open on click), the spread of every phase
/// across launches, a flame graph of the main-thread samples filterable by phase and launch,
/// and every launch's outcome. The page is an ``HTMLNode`` tree, so every name is escaped when
/// rendered; the only unescaped markup is ``TrustedHTML``: the inline constants, and the flame
/// graph's data as JSON in a `<script type="application/json">` block with `<`, `>`, `&`,
/// U+2028 and U+2029 escaped.
///
/// ```swift
/// let html = HTMLReport().render(input)                 // the median launch's waterfall
/// let html5 = HTMLReport(run: 5).render(input)          // launch 5's
/// ```
package struct HTMLReport: Sendable, Equatable {
    /// The launch the waterfall shows; nil for the median launch.
    package var run: Int?
    /// Who made the page, shown in the footer.
    package var generator: String

    /// Creates a renderer.
    package init(run: Int? = nil, generator: String = "launchprof") {
        self.run = run
        self.generator = generator
    }

    /// The launch the waterfall of `input` shows.
    package func chosenRun(in input: ReportInput) throws -> Int? {
        guard let run else { return input.medianRunIndex }
        guard input.trace(run: run) != nil else {
            let available = input.traces.compactMap(\.runIndex).map(String.init).joined(separator: ", ")
            throw LaunchProfilerError.invalidReportInput(
                "Launch \(run) has no trace to show; the launches with traces are \(available.isEmpty ? "none" : available)."
            )
        }
        return run
    }

    /// How many findings the page shows at most.
    package static let findingsLimit = 6

    /// Renders the page; `findings` default to the top ones of the summary's findings.
    ///
    /// - Throws: ``LaunchProfilerError`` when ``run`` names a launch without a trace.
    package func render(_ input: ReportInput, findings: [ReportFinding]? = nil) throws -> String {
        try page(input, findings: findings).render()
    }

    /// The page as a node tree: every text and attribute value is escaped when rendered.
    ///
    /// - Throws: ``LaunchProfilerError`` when ``run`` names a launch without a trace.
    package func page(_ input: ReportInput, findings: [ReportFinding]? = nil) throws -> HTMLNode {
        let findings = findings ?? ReportFinding.top(input.summary.findings, limit: Self.findingsLimit)
        let chosen = try chosenRun(in: input)
        let trace = chosen.flatMap { input.trace(run: $0) }
        let appName = input.summary.run.name ?? trace?.app.name ?? input.summary.run.displayName
        let data = FlameGraphData(profiles: input.profiles, chosenRun: chosen)
        return .fragment([
            .raw(TrustedHTML(constant: "<!DOCTYPE html>\n")),
            .el(
                "html", ["lang": "en"],
                .newline, head(appName: appName), .newline,
                .el(
                    "body", [:],
                    .newline,
                    .el("script", [:], .newline, .raw(TrustedHTML(constant: HTMLReportScript.errorCatcher)), .newline),
                    .newline,
                    .el(
                        "main",
                        children: [.newline]
                            + sections(input, findings: findings, trace: trace, chosen: chosen, appName: appName)),
                    .newline,
                    .el("script", ["type": "application/json", "id": "report-data"], .raw(.scriptJSON(data))), .newline,
                    .el("script", [:], .newline, .raw(TrustedHTML(constant: HTMLReportScript.main)), .newline), .newline
                ),
                .newline
            ),
            .newline,
        ])
    }

    private func head(appName: String) -> HTMLNode {
        .el(
            "head", [:], .newline,
            .el("meta", ["charset": "utf-8"]), .newline,
            .el("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]), .newline,
            .el("meta", ["name": "color-scheme", "content": "light dark"]), .newline,
            .el("title", "LaunchProfiler: \(appName)"), .newline,
            .el("style", [:], .newline, .raw(TrustedHTML(constant: HTMLReportStyle.css)), .newline), .newline
        )
    }

    private func sections(
        _ input: ReportInput, findings: [ReportFinding], trace: LaunchTrace?, chosen: Int?, appName: String
    ) -> [HTMLNode] {
        var nodes = [
            header(input, appName: appName, code: input.evaluation.exitCode, trace: trace, chosen: chosen),
            verdictSection(input), framePicturesSection(input),
        ]
        if let trace, let chosen {
            nodes += [
                waterfallSection(input, trace: trace, chosen: chosen),
                preMainSection(input),
                findingsSection(
                    findings, attribution: input.summary.findings?.attribution,
                    endpoint: input.summary.findings?.endpoint,
                    symbolication: FindingsSection.symbolicationLines(input.summary.findings),
                    waiting: input.summary.findings.flatMap { FindingsSection.waitingLine($0) },
                    reasons: input.summary.findings?.reasons ?? []),
                eventsSection(trace: trace, profile: input.profile(run: chosen)),
            ]
        } else {
            nodes += [
                .el("h2", "Waterfall"), .newline,
                .el("p", ["class": "muted"], "No launch completed with a trace, so there is no waterfall to draw."),
                .newline,
                findingsSection(
                    findings, attribution: input.summary.findings?.attribution,
                    endpoint: input.summary.findings?.endpoint,
                    symbolication: FindingsSection.symbolicationLines(input.summary.findings),
                    waiting: input.summary.findings.flatMap { FindingsSection.waitingLine($0) },
                    reasons: input.summary.findings?.reasons ?? []),
            ]
        }
        nodes += [spreadSection(input, chosen: chosen), flameSection(input), launchesSection(input, chosen: chosen)]
        nodes.append(
            .el(
                "footer",
                "Made by \(generator) from the run folder's launches.json and traces. Times are from each launch's spawn (CLOCK_MONOTONIC)."
            ))
        nodes.append(.newline)
        return nodes
    }

    static func badgeClass(_ code: ProfilerExitStatus) -> String {
        switch code {
        case .success: "pass"
        case .inconclusive: "inconclusive"
        default: "fail"
        }
    }
}
