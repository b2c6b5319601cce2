import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// Renders a finished run folder as a page, a pull-request comment or a profile.
///
/// ```swift
/// let text = try RunReport(format: .html, generator: "launchprof 0.1.0").render(folder, budgets: nil)
/// ```
package struct RunReport: Sendable {
    /// The format.
    package var format: ReportFormat
    /// The launch to show (html: the waterfall; profiles: only that launch), or nil.
    package var launch: Int?
    /// A JSON map of addresses to names used instead of the binaries' symbols, or nil.
    package var symbolsPath: String?
    /// The generator named in the HTML report.
    package var generator: String

    /// Creates a report.
    package init(format: ReportFormat, launch: Int? = nil, symbolsPath: String? = nil, generator: String) {
        self.format = format
        self.launch = launch
        self.symbolsPath = symbolsPath
        self.generator = generator
    }

    /// The report of `folder`, with verdicts from `budgets`, else its `verdicts.json`, else none.
    ///
    /// - Throws: ``LaunchProfilerError`` when the folder, the launch or the symbols cannot be used.
    package func render(_ folder: RunFolder, budgets: BudgetCheck?) throws -> String {
        guard ReportFormat.ofRunFolder.contains(format) else {
            throw LaunchProfilerError.workflow(
                "--format \(format.rawValue) is printed by run and check; report renders \(ReportFormat.names(ReportFormat.ofRunFolder))."
            )
        }
        guard folder.isDirectory else {
            throw LaunchProfilerError.workflow(
                "\(folder.url.path) is not a run folder; report needs the folder with \(RunFolder.manifestName) and the traces, not a summary file."
            )
        }
        let summary = try folder.loadSummary()
        let evaluation =
            try budgets?.evaluate(summary) ?? folder.loadSavedEvaluation()
            ?? BudgetEvaluation(
                verdicts: [], launchCount: summary.judgedLaunches.count,
                completedLaunchCount: summary.judgedCompletedCount)
        var traces = try folder.loadTraces()
        if let launch, format.filtersByLaunch {
            traces = traces.filter { $0.runIndex == launch }
            guard !traces.isEmpty else {
                throw LaunchProfilerError.workflow("Launch \(launch) of \(folder.url.path) has no trace.")
            }
        }
        let input = try Self.input(summary: summary, evaluation: evaluation, traces: traces, symbolsPath: symbolsPath)
        return try render(input)
    }

    private func render(_ input: ReportInput) throws -> String {
        switch format {
        case .html:
            return try HTMLReport(run: launch, generator: generator).render(input)
        case .markdown: return MarkdownReport().render(summary: input.summary, evaluation: input.evaluation)
        case .chromeTrace: return try ChromeTraceReport().render(traces: input.traces, profiles: input.profiles)
        case .speedscope:
            return try SpeedscopeReport(name: input.traces.first?.app.name ?? "app").render(input.profiles)
        case .folded: return FoldedStacks().render(input.profiles)
        case .text, .json, .junit, .github, .bmf, .githubBenchmark:
            throw LaunchProfilerError.workflow("--format \(format.rawValue) is not a format of report.")
        }
    }

    /// Writes `report.html` of a run that just finished into its folder.
    package static func writeHTML(
        summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace], generator: String,
        to folder: RunFolder, symbolicator: Symbolicator = Symbolicator()
    ) throws {
        var input = try input(summary: summary, evaluation: evaluation, traces: traces, symbolicator: symbolicator)
        input.framePictures = framePictures(of: summary.launches, in: folder)
        let html = try HTMLReport(generator: generator).render(input)
        try AtomicFile.write(Data(html.utf8), to: folder.reportURL)
    }

    /// The first frames' pictures the launches kept in `folder` (``LaunchRunner/LaunchRecord/framePicture``),
    /// at most ``HTMLReport``'s limit; a file that cannot be read is left out.
    static func framePictures(of records: [LaunchRecord], in folder: RunFolder) -> [FramePicture] {
        records.lazy.compactMap { record -> FramePicture? in
            guard let name = record.framePicture, let frame = record.firstFrameNs,
                let png = try? Data(contentsOf: folder.url.appendingPathComponent(name))
            else { return nil }
            return FramePicture(launchIndex: record.index, frameNs: frame, png: png)
        }.prefix(12).map { $0 }
    }

    /// The report input, with frames named from a symbol map file or by the symbolicator.
    package static func input(
        summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace], symbolsPath: String? = nil,
        symbolicator: Symbolicator = Symbolicator()
    ) throws -> ReportInput {
        if let symbolsPath {
            var naming = try SymbolMapNaming(contentsOf: URL(filePath: symbolsPath))
            return ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming)
        }
        var summary = summary
        if summary.findings == nil {
            summary.findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
        }
        var naming = SymbolicatorNaming(symbolicator: symbolicator)
        naming.resolveSources(of: traces)
        return ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming)
    }
}
