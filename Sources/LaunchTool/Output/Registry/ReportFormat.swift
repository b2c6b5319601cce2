/// The formats `run` and `check` print their result in.
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
        }
    }
}
