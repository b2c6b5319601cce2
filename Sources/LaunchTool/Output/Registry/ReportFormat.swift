import LaunchTrace

/// Every format launchprof writes: those `run`, `check`, `compare` and `bisect` print
/// (``printed``), and those `report` renders a run folder in, with its traces (``ofRunFolder``).
/// Each renderer refuses, with a sentence saying which command writes it, a format it cannot make.
package enum ReportFormat: String, Sendable, CaseIterable {
    /// A table for a terminal or a log.
    case text
    /// The summary and verdicts as JSON, for dashboards.
    case json
    /// A table for a pull-request comment.
    case markdown
    /// One JUnit test case per rule and per policy verdict, for CI.
    case junit
    /// GitHub Actions workflow commands: an annotation per rule or policy verdict that did not pass.
    case github
    /// Bencher Metric Format, for `bencher run --adapter json`: a benchmark per metric.
    case bmf
    /// github-action-benchmark's `customSmallerIsBetter`: an entry per metric.
    case githubBenchmark = "github-benchmark"
    /// One self-contained page (`report`, and report.html in every run folder).
    case html
    /// Trace Event JSON for Perfetto or chrome://tracing.
    case chromeTrace = "chrome-trace"
    /// A speedscope.app file.
    case speedscope
    /// Folded stacks for flamegraph.pl.
    case folded

    /// The formats `run` and `check` print, from a summary and its verdicts.
    package static let printed: [ReportFormat] = [.text, .json, .markdown, .junit, .github, .bmf, .githubBenchmark]
    /// The formats `report` renders a run folder in, with its traces.
    package static let ofRunFolder: [ReportFormat] = [.html, .markdown, .chromeTrace, .speedscope, .folded]

    /// The names of `formats`, for a sentence: "a, b or c".
    package static func names(_ formats: [ReportFormat]) -> String {
        let names = formats.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Whether a chosen launch filters the traces (the others show it, or the median, inside).
    var filtersByLaunch: Bool { self != .html && self != .markdown }

    /// Renders the summary and verdicts; colour only for text on a terminal, and the text's detail
    /// (the before-main tables, more findings, the evidence) only when `verbose`.
    package func render(summary: RunSummary, evaluation: BudgetEvaluation, colored: Bool, verbose: Bool = false)
        throws -> String
    {
        switch self {
        case .text: TextReport(colored: colored, verbose: verbose).render(summary: summary, evaluation: evaluation)
        case .json: try JSONReport(summary: summary, evaluation: evaluation).render()
        case .markdown: MarkdownReport().render(summary: summary, evaluation: evaluation)
        case .junit: JUnitReport().render(summary: summary, evaluation: evaluation)
        case .github: GitHubAnnotations().render(summary: summary, evaluation: evaluation)
        case .bmf: try BencherMetricFormat.render(summary: summary)
        case .githubBenchmark: try BenchmarkActionFormat.render(summary: summary)
        case .html, .chromeTrace, .speedscope, .folded:
            throw LaunchProfilerError.workflow(
                "--format \(rawValue) needs a run folder's traces: use launchprof report --format \(rawValue) on the run folder; run and check print \(Self.names(Self.printed))."
            )
        }
    }
}
