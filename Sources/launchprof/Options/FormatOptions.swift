import ArgumentParser
import LaunchTool

/// `--format` of `run` and `check`.
struct FormatOptions: ParsableArguments {
    @Option(
        help:
            "Output format: text, json, markdown, junit, github (workflow annotations), bmf (Bencher Metric Format) or github-benchmark (github-action-benchmark's customSmallerIsBetter). With GITHUB_STEP_SUMMARY set, the Markdown report is also appended to that file."
    )
    var format: ReportFormat = .text

    func validate() throws {
        guard ReportFormat.printed.contains(format) else {
            throw ValidationError(
                "--format \(format.rawValue) is not printed by run and check (\(ReportFormat.names(ReportFormat.printed))); launchprof report renders it from a run folder."
            )
        }
    }
}
