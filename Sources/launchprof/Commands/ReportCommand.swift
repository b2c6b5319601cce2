import ArgumentParser
import Foundation
import LaunchTool
import LaunchTrace

/// `launchprof report`: renders a finished run as a page, a pull-request comment, or a
/// profile for Perfetto, speedscope or flamegraph.pl.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a run folder as HTML, Markdown, a Chrome trace, a speedscope profile or folded stacks.",
        discussion: """
            html: one self-contained page (waterfall, spread, stalls and blocking calls with their stacks, \
            flame graph, verdicts). markdown: a pull-request comment. chrome-trace: Trace Event JSON for \
            Perfetto UI or chrome://tracing. speedscope: a speedscope.app file. folded: folded stacks for \
            flamegraph.pl, weights in microseconds of thread time (each thread under its own root).

            Verdicts come from --budgets, else from the run folder's verdicts.json (written by `launchprof run`).
            """
    )

    @Option(help: "Output format: html, markdown, chrome-trace, speedscope or folded.")
    var format: ReportFormat = .html

    @Option(name: .shortAndLong, help: "Write the report to this file (default: standard output).")
    var output: String?

    @Option(
        name: .customLong("run"),
        help:
            "The launch to show (html: the waterfall; chrome-trace, speedscope, folded: only that launch). Default: the median launch for html, every launch otherwise."
    )
    var launch: Int?

    @Option(help: "Budget file whose verdicts and limits the report shows (default: the run's verdicts.json, if any).")
    var budgets: String?

    @OptionGroup var baselines: BaselineOptions

    @Option(help: "A JSON map of \"0x…\" addresses to names, used instead of reading the binaries' symbols.")
    var symbols: String?

    @Argument(help: "A run folder with launches.json and the traces (default: \(RunFolder.latestPath)).")
    var runFolder: String?

    func validate() throws {
        guard ReportFormat.ofRunFolder.contains(format) else {
            throw ValidationError(
                "--format \(format.rawValue) is printed by run and check; report renders \(ReportFormat.names(ReportFormat.ofRunFolder))."
            )
        }
    }

    func run() throws {
        let folder = RunFolder(url: try RunFolder.locate(runFolder))
        let check = try budgets.map { try baselines.check(budgets: $0) }
        let report = RunReport(format: format, launch: launch, symbolsPath: symbols, generator: LaunchProf.generator)
        let text = try report.render(folder, budgets: check)
        guard let output else { return try Terminal.write(text, terminator: "") }
        do {
            try AtomicFile.write(Data(text.utf8), to: URL(filePath: output))
        } catch {
            throw CLIError(
                "The report cannot be written to \(output): \((error as? LaunchProfilerError)?.message ?? LaunchProfilerError.describe(error))"
            )
        }
    }
}
