import ArgumentParser
import LaunchTool

/// `--format` of `run` and `check`.
struct FormatOptions: ParsableArguments {
    @Option(
        help:
            "Output format: text, json, markdown, junit, github (workflow annotations), bmf (Bencher Metric Format) or github-benchmark (github-action-benchmark's customSmallerIsBetter). With GITHUB_STEP_SUMMARY set, the Markdown report is also appended to that file."
    )
    var format: ReportFormat = .text
}
