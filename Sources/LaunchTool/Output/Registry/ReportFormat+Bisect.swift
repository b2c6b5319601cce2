import LaunchTrace

extension ReportFormat {
    /// Renders the outcome of `launchprof bisect`.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` for a format that is not a bisect's (text,
    ///   JSON and Markdown are).
    package func render(bisect outcome: BisectOutcome) throws -> String {
        switch self {
        case .text: BisectTextReport().render(outcome)
        case .json: try outcome.json()
        case .markdown: BisectMarkdownReport().render(outcome)
        case .junit, .github, .bmf, .githubBenchmark, .html, .chromeTrace, .speedscope, .folded:
            throw LaunchProfilerError.workflow(
                "--format \(rawValue) is not a format of bisect; use text, json or markdown.")
        }
    }
}
