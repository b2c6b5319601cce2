import ArgumentParser
import Foundation
import LaunchAnalysis
import LaunchReports

/// `launchprof check`: checks a finished run against budgets, without launching anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a run folder or a summary.json against a budget file.",
        discussion: ProfilerExitStatus.helpText
    )

    @Option(help: "Budget file (e.g. budgets.json).")
    var budgets: String

    @Option(help: "Baseline that relative (+N%) rules compare against, overriding the rules' own.")
    var baseline: String?

    @Option(help: "Output format: text, json, markdown or junit.")
    var format: ReportFormat = .text

    @Option(help: "Folder of saved baselines.")
    var baselines: String = ".launchprof/baselines"

    @Argument(help: "A run folder (with launches.json) or a summary.json; default: the latest run.")
    var runFolder: String?

    func run() throws {
        let check = try BudgetCheck(budgetsPath: budgets, baseline: baseline, store: BaselineStore(directory: URL(filePath: baselines)))
        let summary = try SummaryLoader.load(try RunFolderLocation.existing(runFolder))
        let evaluation = check.evaluate(summary)
        print(try format.render(summary: summary, evaluation: evaluation, colored: Terminal.stdoutIsTerminal), terminator: "")
        let code = evaluation.exitCode
        if code != .success { throw ExitCode(code.rawValue) }
    }
}
