import Foundation
import LaunchSymbolication
import LaunchTool
import LaunchTrace
import Testing

/// A symbolizer that fails leaves the frames with names but without file and line; the text,
/// Markdown and HTML reports say so, per image, instead of silently showing less.
@Suite("Symbolization failures in reports")
struct SymbolicationNoticeTests {
    /// The findings fixture symbolicated with `/bin/false` as the symbolizer.
    static func inputs() throws -> (RunSummary, BudgetEvaluation, [LaunchTrace]) {
        var (summary, evaluation) = try FindingsReportTests.reportInputs()
        let (_, traces) = try FindingsFixture.run()
        let symbolicator = Symbolicator(sourceLocator: SourceLocator(path: "/bin/false", tool: .llvmSymbolizer))
        let symbols = try JSONDecoder().decode(
            FindingsFixture.Symbols.self, from: Fixtures.data("findings/symbols.json"))
        for (path, entries) in symbols.images {
            let table = SymbolTable(
                symbols: entries.map {
                    ($0[0], UInt64($0[1].dropFirst(2), radix: 16)!, UInt64($0[2].dropFirst(2), radix: 16)!)
                })
            symbolicator.register(
                ELFImage(path: path, buildID: nil, symbols: table, symbolSource: ".symtab"), for: path)
        }
        summary.findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
        evaluation.policyVerdicts = []
        return (summary, evaluation, traces)
    }

    static let notice = "File and line are missing: llvm-symbolizer (/bin/false) exited with status 1."

    @Test("the findings record, per image, that file and line are missing and why")
    func findingsRecordTheFailure() throws {
        let (summary, _, _) = try Self.inputs()
        let problems = try #require(summary.findings?.symbolicationProblems)
        #expect(!problems.isEmpty)
        #expect(problems.values.allSatisfy { $0 == Self.notice }, "\(problems)")
        #expect(summary.findings?.findings.contains { $0.site.function.contains("+0x") } == false, "names are kept")
    }

    @Test("text, Markdown and HTML reports show the notice")
    func reportsShowTheFailure() throws {
        let (summary, evaluation, traces) = try Self.inputs()
        let image = try #require(summary.findings?.symbolicationProblems.keys.sorted().first)
        let line = "Symbolication of \(image): \(Self.notice)"
        let text = TextReport().render(summary: summary, evaluation: evaluation)
        #expect(text.contains(line), "\(text)")
        let markdown = MarkdownReport().render(summary: summary, evaluation: evaluation)
        #expect(markdown.contains("- " + MarkdownReport.escape(line)), "\(markdown)")
        var naming = ImageOffsetNaming()
        let html = try HTMLReport().render(
            ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming))
        #expect(html.contains("<p class=\"muted symbolication\">\(line)</p>"), "no notice in the HTML report")
    }
}
