import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The text report of a real SampleApp run (a busy machine, a failed verdict, 41 findings, the
/// before-main summary with relocation): short by default, whole with `verbose`, against golden
/// files. After checking a deliberate change, record them with `LAUNCHPROF_RECORD_GOLDENS=1`.
@Suite("The text report of a SampleApp run")
struct SampleAppTextReportTests {
    /// The golden reports.
    let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/Golden")

    /// The most lines the default report may take: a screen.
    static let screenLines = 40

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(
        "by default it fits a screen: the headline with p90, every verdict, the reasons, three findings, the breakdown")
    func short() throws {
        let (summary, evaluation) = try ReportFixture.sampleAppRun()
        let text = TextReport().render(summary: summary, evaluation: evaluation)
        let lines = Self.lines(text)
        #expect(lines.count <= Self.screenLines, "\(lines.count) lines:\n\(text)")
        #expect(
            lines[1].hasPrefix(
                "  time to first frame 266.8 ms, p90 278.9 ms, the median and p90 of 20 measurement launches"))
        for verdict in evaluation.verdicts {
            let row = "\(verdict.rule.metric.rawValue) "
            let rows = lines.filter { $0.hasPrefix(row) && $0.contains(ReportText.budget(verdict.rule)) }
            #expect(rows.count == 1, "\(verdict.rule.title)")
        }
        #expect(
            lines.contains(
                "  ! The launch waited for a CPU 19.6 % of its time (threshold 15.0 %, medium): 50.6 ms per launch"))
        #expect(lines.filter { $0.range(of: #"^  \d\. "#, options: .regularExpression) != nil }.count == 3)
        #expect(lines.contains("  … 38 more: the top 5 with --verbose, every one in the JSON report."))
        #expect(
            lines.contains { $0.hasPrefix("Breakdown of the median launch (launch 10, 263.6 ms to the first frame)") })
        #expect(lines.contains { $0.hasPrefix("Waiting for a CPU: the launch waited 57.4 ms") })
        #expect(
            lines.contains { $0.hasPrefix("- policy FAIL (warn), 3 violations: RemoteConfig.fetchBlocking() lock") })
        #expect(lines.contains { $0.hasPrefix("Before main: 6.8 ms to main (5 launches, medians)") })
        #expect(lines.last == "Result: budget exceeded (exit 2)")
        // The before-main tables and the long detail wait for --verbose.
        for detail in ["pages written", "slowest initializer", "evidence:", "outlier launches", "Attribution coverage"]
        {
            #expect(!text.contains(detail), "\(detail)")
        }
        goldens.assertMatches(text, "sampleapp-report.txt")
    }

    @Test("verbose, it has the before-main and relocation tables, every advice, five findings and the evidence")
    func verbose() throws {
        let (summary, evaluation) = try ReportFixture.sampleAppRun()
        let text = TextReport(verbose: true).render(summary: summary, evaluation: evaluation)
        let lines = Self.lines(text)
        let preMain = try #require(summary.scenarios["warm"]?.preMain)
        #expect(text.contains(PreMainSection.text(preMain)))
        let objects = try #require(lines.firstIndex { $0.hasPrefix("  object ") && $0.contains("slowest initializer") })
        let relocation = try #require(lines.firstIndex { $0.hasPrefix("  object ") && $0.contains("pages written") })
        #expect(objects < relocation)
        #expect(lines.contains { $0.hasPrefix("  libFoundation.so ") })
        #expect(lines.filter { $0.range(of: #"^  \d\. "#, options: .regularExpression) != nil }.count == 5 + 2)
        #expect(lines.contains { $0.hasPrefix("     evidence: ") })
        #expect(lines.contains { $0.hasPrefix("Attribution coverage ") })
        #expect(lines.filter { $0.hasPrefix("- policy FAIL (warn): ") }.count == 3)
        #expect(lines.count > Self.screenLines)
        goldens.assertMatches(text, "sampleapp-report-verbose.txt")
    }

    @Test("report.html has the before-main and relocation tables the short text report leaves out")
    func html() throws {
        let preMain = try #require(try ReportFixture.sampleAppRun().summary.scenarios["warm"]?.preMain)
        // The fixture run's launches (the page draws the before-main section under a launch's
        // waterfall) with the SampleApp run's before-main summary.
        var input = try ReportFixture.input()
        input.summary.scenarios[input.summary.run.scenario.rawValue]?.preMain = preMain
        let html = try HTMLReport().render(input)
        #expect(html.contains("id=\"before-main\""))
        let headers = [
            "slowest initializer", "relocation", "relative", "pages written", "lookups", "objects searched",
            "symbols from",
        ]
        for header in headers { #expect(html.contains("<th>\(header)</th>"), "\(header)") }
        #expect(html.contains("libFoundationInternationalization.so (unused)"))
        #expect(html.contains("swift build -c release --static-swift-stdlib"))
    }
}
