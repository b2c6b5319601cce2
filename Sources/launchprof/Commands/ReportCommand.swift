import ArgumentParser
import Foundation
import LaunchAnalysis
import LaunchReports
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
            flamegraph.pl, weights in microseconds of main-thread time.

            Verdicts come from --budgets, else from the run folder's verdicts.json (written by `launchprof run`).
            """
    )

    /// The formats `report` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html, markdown
        case chromeTrace = "chrome-trace"
        case speedscope, folded
    }

    @Option(help: "Output format: html, markdown, chrome-trace, speedscope or folded.")
    var format: Format = .html

    @Option(name: .shortAndLong, help: "Write the report to this file (default: standard output).")
    var output: String?

    @Option(name: .customLong("run"), help: "The launch to show (html: the waterfall; chrome-trace, speedscope, folded: only that launch). Default: the median launch for html, every launch otherwise.")
    var launch: Int?

    @Option(help: "Budget file whose verdicts and limits the report shows (default: the run's verdicts.json, if any).")
    var budgets: String?

    @Option(help: "Baseline that relative (+N%) rules compare against, overriding the rules' own.")
    var baseline: String?

    @Option(help: "Folder of saved baselines.")
    var baselines: String = ".launchprof/baselines"

    @Option(help: "A JSON map of \"0x…\" addresses to names, used instead of reading the binaries' symbols.")
    var symbols: String?

    @Argument(help: "A run folder with launches.json and the traces (default: .launchprof/runs/latest).")
    var runFolder: String?

    func run() throws {
        let folder = try RunFolderLocation.existing(runFolder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("\(folder.path) is not a run folder; report needs the folder with launches.json and the traces, not a summary file.")
        }
        let summary = try RunFolder.loadSummary(at: folder)
        let evaluation = try loadEvaluation(folder: folder, summary: summary)
        var traces = try ReportInput.loadTraces(from: folder)
        if let launch, format != .html, format != .markdown {
            traces = traces.filter { $0.runIndex == launch }
            guard !traces.isEmpty else { throw CLIError("Launch \(launch) of \(folder.path) has no trace.") }
        }
        let input = try Self.input(summary: summary, evaluation: evaluation, traces: traces, symbolsPath: symbols)
        let text: String
        switch format {
        case .html:
            do {
                text = try HTMLReport(run: launch, generator: "launchprof \(LaunchProf.configuration.version)").render(input)
            } catch let error as LaunchProfilerError where error.code == .invalidReportInput {
                throw CLIError(error.message)
            }
        case .markdown:
            text = MarkdownReport().render(summary: input.summary, evaluation: evaluation)
        case .chromeTrace:
            text = try ChromeTraceReport().render(traces: input.traces, profiles: input.profiles)
        case .speedscope:
            text = try SpeedscopeReport(name: input.traces.first?.app.name ?? "app").render(input.profiles)
        case .folded:
            text = FoldedStacks().render(input.profiles)
        }
        if let output {
            do {
                try AtomicFile.write(Data(text.utf8), to: URL(filePath: output))
            } catch {
                throw CLIError("The report cannot be written to \(output): \(error.localizedDescription)")
            }
        } else {
            print(text, terminator: "")
        }
    }

    /// The evaluation from --budgets, else the run folder's verdicts.json, else none.
    private func loadEvaluation(folder: URL, summary: RunSummary) throws -> BudgetEvaluation {
        if budgets != nil {
            let check = try BudgetCheck(budgetsPath: budgets, baseline: baseline, store: BaselineStore(directory: URL(filePath: baselines)))
            return check.evaluate(summary)
        }
        let saved = folder.appendingPathComponent("verdicts.json")
        if FileManager.default.fileExists(atPath: saved.path) {
            return try TraceJSON.read(JSONReport.self, from: saved).evaluation
        }
        return BudgetEvaluation(verdicts: [], launchCount: summary.launches.count, completedLaunchCount: summary.completedLaunchCount)
    }

    /// The report input, with frames named from a symbol map file or by the symbolicator.
    static func input(summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace], symbolsPath: String? = nil) throws -> ReportInput {
        if let symbolsPath {
            do {
                var naming = try SymbolMapNaming(contentsOf: URL(filePath: symbolsPath))
                return ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming)
            } catch let error as LaunchProfilerError where error.code == .invalidSymbolMap {
                throw CLIError(error.description)
            }
        }
        let symbolicator = Symbolicator()
        var summary = summary
        if summary.findings == nil {
            summary.findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
        }
        var naming = SymbolicatorNaming(symbolicator: symbolicator)
        naming.resolveSources(of: traces)
        return ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming)
    }

    /// Writes `report.html` of a run that just finished into its folder.
    static func writeHTML(summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace], to url: URL) throws {
        let input = try input(summary: summary, evaluation: evaluation, traces: traces)
        let html = try HTMLReport(generator: "launchprof \(LaunchProf.configuration.version)").render(input)
        try AtomicFile.write(Data(html.utf8), to: url)
    }
}
