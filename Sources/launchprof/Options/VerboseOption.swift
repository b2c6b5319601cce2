import ArgumentParser
import LaunchTool

/// `--verbose` of `run` and `check`: the whole text report rather than the one that fits a screen.
struct VerboseOption: ParsableArguments {
    @Flag(
        help:
            "With --format text, the whole report: which launches give which metrics, the outlier launches, the slow-start reasons' evidence and advice, the top 5 findings, the attribution and background lines, each policy verdict's message, and the before-main tables (objects, relocation) with every advice. Without it the report fits a screen; report.html has everything."
    )
    var verbose = false

    /// Renders the report in `format`, the text report verbose when asked.
    func render(_ format: FormatOptions, summary: RunSummary, evaluation: BudgetEvaluation, colored: Bool) throws
        -> String
    {
        try format.format.render(summary: summary, evaluation: evaluation, colored: colored, verbose: verbose)
    }
}
