import LaunchTrace

extension ReportFormat {
    /// Renders the outcome of `launchprof compare`; colour only for text on a terminal.
    package func render(comparison outcome: ComparisonOutcome, colored: Bool) throws -> String {
        switch self {
        case .text: ComparisonTextReport(colored: colored).render(outcome)
        case .json: try outcome.json()
        case .markdown: ComparisonMarkdownReport().render(outcome)
        case .junit: ComparisonJUnitReport().render(outcome)
        case .github: GitHubAnnotations().render(comparison: outcome)
        case .html, .chromeTrace, .speedscope, .folded:
            throw LaunchProfilerError.workflow(
                "--format \(rawValue) is a format of one run folder: use launchprof report on base or head's run folder, not compare."
            )
        case .bmf, .githubBenchmark:
            throw LaunchProfilerError.workflow(
                "--format \(rawValue) is a dashboard's format of one run's metrics: use it with run or check (of base or head's run folder), not compare."
            )
        }
    }
}
