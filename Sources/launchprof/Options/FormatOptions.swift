import ArgumentParser
import LaunchWorkflow

/// `--format` of `run` and `check`.
struct FormatOptions: ParsableArguments {
    @Option(help: "Output format: text, json, markdown or junit.")
    var format: ReportFormat = .text
}
