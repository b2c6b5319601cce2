import ArgumentParser
import Foundation
import LaunchTool

/// `launchprof check`: checks a finished run against budgets, without launching anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a run folder or a summary.json against a budget file.",
        discussion: ProfilerExitStatus.helpText
    )

    @Option(help: "Budget file (e.g. budgets.json).")
    var budgets: String

    @OptionGroup var baselines: BaselineOptions

    @OptionGroup var format: FormatOptions
    @OptionGroup var detail: VerboseOption

    @OptionGroup(title: "Exports") var exports: ExportOptions

    @Option(help: "Launches of the run that may have failed before the check fails with exit 3 (default 0).")
    var allowFailed: Int = 0

    @Argument(help: "A run folder (with launches.json) or a summary.json; default: the latest run.")
    var runFolder: String?

    func run() throws {
        guard allowFailed >= 0 else { throw ValidationError("--allow-failed cannot be negative, not \(allowFailed).") }
        var check = try baselines.check(budgets: budgets)
        check.allowedFailures = allowFailed
        let location = try RunFolder.locate(runFolder)
        let summary = try SummaryLoader.load(location)
        var evaluation = check.evaluate(summary)
        let traces = exports.exportOtlp == nil ? [] : ((try? RunFolder(url: location).loadTraces()) ?? [])
        let failures = ResultOutputs(exports: exports, traces: traces).write(
            summary: summary, evaluation: &evaluation)
        try Terminal.write(
            try detail.render(format, summary: summary, evaluation: evaluation, colored: Terminal.stdoutIsTerminal),
            terminator: "")
        ResultOutputs.report(failures)
        let code = evaluation.status
        if code != .success { throw ExitCode(code.rawValue) }
    }
}
