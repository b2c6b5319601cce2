import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Reports")
struct ReportTests {
    /// The golden reports of the synthetic series.
    let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/Golden")

    @Test("The fixture exercises every verdict")
    func fixtureCoverage() throws {
        let evaluation = try ReportFixture.evaluation()
        #expect(Set(evaluation.verdicts.map(\.status)) == Set(VerdictStatus.allCases))
        #expect(evaluation.improvements.count == 1)
        #expect(evaluation.exitCode == .budgetExceeded)
    }

    @Test("Text report golden file, no colour")
    func text() throws {
        let rendered = TextReport().render(summary: ReportFixture.summary(), evaluation: try ReportFixture.evaluation())
        #expect(!rendered.contains("\u{1B}["))
        goldens.assertMatches(rendered, "report.txt")
    }

    @Test("Colour only when asked, without breaking alignment")
    func colour() throws {
        let colored = TextReport(colored: true).render(
            summary: ReportFixture.summary(), evaluation: try ReportFixture.evaluation())
        #expect(colored.contains("\u{1B}[31mFAIL"))
        let stripped = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(
            stripped
                == TextReport().render(summary: ReportFixture.summary(), evaluation: try ReportFixture.evaluation()))
    }

    @Test("Markdown report golden file")
    func markdown() throws {
        let rendered = MarkdownReport().render(
            summary: ReportFixture.summary(), evaluation: try ReportFixture.evaluation())
        #expect(!rendered.contains("<b>"))
        goldens.assertMatches(rendered, "report.md")
    }

    @Test(
        "JUnit report golden file, well-formed XML with one test case per scenario's launches, rule and policy verdict")
    func junit() throws {
        let evaluation = try ReportFixture.evaluation()
        let summary = ReportFixture.summary()
        let rendered = JUnitReport().render(summary: summary, evaluation: evaluation)
        goldens.assertMatches(rendered, "report.junit.xml")

        final class Counter: NSObject, XMLParserDelegate {
            var testcases = 0, failures = 0, skipped = 0, errors = 0
            var names: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                switch element {
                case "testcase":
                    testcases += 1
                    names.append(attributes["name"] ?? "")
                case "failure": failures += 1
                case "skipped": skipped += 1
                case "error": errors += 1
                default: break
                }
            }
        }
        let parser = XMLParser(data: Data(rendered.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let scenarios = Set(summary.launches.map(\.scenario)).count
        #expect(counter.testcases == scenarios + evaluation.verdicts.count + evaluation.policyVerdicts.count)
        #expect(counter.errors == 0, "no launch failed the run")
        #expect(
            counter.failures == evaluation.verdicts.filter(\.failsCheck).count
                + evaluation.policyVerdicts.filter(\.failsCheck).count,
            "only error-level failures are <failure>s; warnings pass")
        #expect(counter.skipped == evaluation.verdicts.filter { $0.status == .inconclusive }.count)
        #expect(counter.names.contains { $0.contains(ReportFixture.escapingSpan) })
    }

    @Test("JUnit times are seconds with three decimals, the nearest millisecond, never negative or an exponent")
    func junitTimes() {
        var generator = SystemRandomNumberGenerator()
        let values =
            [0, 1.550_234, 0.000_499, 0.000_5, 59.999_6, 1e-12, 123_456.789_4]
            + (0..<200).map { _ in
                Double.random(in: 0..<10_000, using: &generator)
            }
        for seconds in values {
            let text = JUnitDocument.time(seconds)
            #expect(text.wholeMatch(of: #/[0-9]+\.[0-9]{3}/#) != nil, "\(seconds) -> \(text)")
            #expect(abs((Double(text) ?? -1) - seconds) <= 0.000_5 + 1e-9, "\(seconds) -> \(text)")
        }
        for odd in [-1, -0.0, .nan, .infinity, -.infinity] {
            #expect(JUnitDocument.time(odd) == "0.000", "\(odd)")
        }
    }

    @Test("launches that fail the run are an <error> case; tolerated by --allow-failed, they pass with a warning")
    func junitLaunchErrors() throws {
        let summary = ReportFixture.summary()
        let failed = try #require(summary.launches.first { $0.outcome != .completed })
        var evaluation = try ReportFixture.evaluation()
        for allowed in [0, evaluation.failedLaunchCount] {
            evaluation.allowedFailures = allowed
            let launches = try #require(
                JUnitReport().cases(summary: summary, evaluation: evaluation).first { $0.name == "launches" })
            let failsRun = evaluation.exitCode == .launchFailed
            #expect(failsRun == (allowed < evaluation.failedLaunchCount))
            #expect(launches.outcome == (failsRun ? .error : .passed))
            #expect(launches.type == failed.outcome.rawValue)
            #expect(
                !failsRun || launches.message.contains("more than --allow-failed 0 tolerates"), "\(launches.message)")
            #expect(launches.output.contains { $0.hasPrefix("launch \(failed.index): ") })
            #expect(launches.output.contains { $0.hasPrefix("warning: tolerated") } == !failsRun)
            let xml = JUnitReport().render(summary: summary, evaluation: evaluation)
            #expect(xml.contains("errors=\"\(failsRun ? 1 : 0)\""))
        }
    }

    @Test("JSON report round-trips and carries the exit code")
    func json() throws {
        let summary = ReportFixture.summary()
        let evaluation = try ReportFixture.evaluation()
        let text = try JSONReport(summary: summary, evaluation: evaluation).render()
        let decoded = try JSONDecoder().decode(JSONReport.self, from: Data(text.utf8))
        #expect(decoded.summary == summary)
        #expect(decoded.evaluation == evaluation)
        #expect(decoded.exitCode == .budgetExceeded)
        #expect(text.contains("\"schemaVersion\" : 1"))
        let keys = text.split(separator: "\n").prefix(5).map { $0.trimmingCharacters(in: .whitespaces) }
        // `$schema` first, naming the published schema; then the keys in order.
        #expect(keys[1] == "\"$schema\" : \"\(JSONSchemaName.verdicts.url)\",")
        #expect(keys[2].hasPrefix("\"evaluation\""))
    }

    @Test(
        "XML escaping",
        arguments: [
            ("a<b", "a&lt;b"), ("x & y", "x &amp; y"), ("\"q\" 'a'", "&quot;q&quot; &apos;a&apos;"),
            ("bell\u{07}", "bell\u{FFFD}"), ("tab\tok", "tab\tok"),
        ])
    func xmlEscaping(raw: String, escaped: String) {
        #expect(XMLEscaping.escape(raw) == escaped)
    }

    @Test(
        "Markdown escaping",
        arguments: [("a|b", "a\\|b"), ("<img src=x>", "&lt;img src=x&gt;"), ("*bold*", "\\*bold\\*")])
    func markdownEscaping(raw: String, escaped: String) {
        #expect(MarkdownReport.escape(raw) == escaped)
    }

    @Test("The launches line counts every outcome")
    func launchesLine() {
        #expect(ReportText.launchesLine(ReportFixture.summary()) == "13 launches: 12 completed, 1 crashed")
    }
}
