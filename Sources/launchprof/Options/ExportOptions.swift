import ArgumentParser
import Foundation
import LaunchTool
import LaunchTrace

/// `--export-json FILE` and its siblings of `run` and `check`: any number of formats written to
/// files in one run, besides the `--format` printed (hyperfine's habit). Each file is written
/// whole or not at all (a temporary file renamed).
struct ExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the JSON report to FILE.", valueName: "FILE"))
    var exportJson: String?

    @Option(help: ArgumentHelp("Also write the Markdown report to FILE.", valueName: "FILE"))
    var exportMarkdown: String?

    @Option(help: ArgumentHelp("Also write the JUnit XML report to FILE.", valueName: "FILE"))
    var exportJunit: String?

    @Option(help: ArgumentHelp("Also write Bencher Metric Format JSON to FILE.", valueName: "FILE"))
    var exportBmf: String?

    @Option(
        help: ArgumentHelp(
            "Also write github-action-benchmark's customSmallerIsBetter JSON to FILE.", valueName: "FILE"))
    var exportGithubBenchmark: String?

    @Option(
        help: ArgumentHelp(
            "Also write each launch as an OpenTelemetry trace in OTLP/JSON to FILE (for an OTLP/HTTP collector's /v1/traces: Jaeger, Tempo).",
            valueName: "FILE"))
    var exportOtlp: String?

    /// The files asked for, with their formats.
    var exports: [(format: ReportFormat, path: String)] {
        let all: [(ReportFormat, String?)] = [
            (.json, exportJson), (.markdown, exportMarkdown), (.junit, exportJunit), (.bmf, exportBmf),
            (.githubBenchmark, exportGithubBenchmark),
        ]
        return all.compactMap { format, path in path.map { (format, $0) } }
    }

    /// Writes every file asked for.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` naming the file that cannot be written.
    func write(summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace]) throws {
        for (format, path) in exports {
            try Self.write(
                try format.render(summary: summary, evaluation: evaluation, colored: false), format.rawValue, to: path)
        }
        if let exportOtlp {
            try Self.write(try OTLPTraceExport(summary: summary, traces: traces).render(), "OTLP", to: exportOtlp)
        }
    }

    private static func write(_ text: String, _ format: String, to path: String) throws {
        do {
            try AtomicFile.write(Data(text.utf8), to: URL(filePath: path))
        } catch {
            // The file's own error names the path already: keep its reason, name the path once.
            let reason = (error as? LaunchProfilerError)?.context.reason ?? LaunchProfilerError.describe(error)
            throw LaunchProfilerError(
                .writeFailed, "The \(format) export cannot be written: \(reason)",
                context: .init(file: path, reason: reason))
        }
    }
}
