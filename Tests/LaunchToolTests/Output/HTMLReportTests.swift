import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

@testable import LaunchTool

/// The HTML page's text, without a browser: escaping, self-containment, the embedded data.
@Suite("HTML report")
struct HTMLReportTests {
    @Test("Escaping text and script-embedded JSON")
    func escaping() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(
            HTMLText.scriptSafeJSON("{\"a\":\"</script>&\u{2028}\u{2029}\"}")
                == "{\"a\":\"\\u003c/script\\u003e\\u0026\\u2028\\u2029\"}")
    }

    @Test("Names from the binary never reach the page unescaped")
    func injectedNamesStayText() throws {
        let html = try HTMLReport().render(try ReportFixture.input())
        #expect(!html.contains(ReportFixture.evilSymbol))
        #expect(!html.contains(ReportFixture.evilSpan))
        #expect(!html.contains("<img"))
        #expect(html.contains(HTMLText.escape(ReportFixture.evilSymbol)))
        #expect(html.contains(HTMLText.escape(ReportFixture.evilSpan)))
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        #expect(html.components(separatedBy: "</script>").count - 1 == 3)
    }

    @Test("The embedded data is JSON that reads back to the same names and contains no markup")
    func embeddedData() throws {
        let html = try HTMLReport().render(try ReportFixture.input())
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [String])
        #expect(frames.contains(ReportFixture.evilSymbol))
        #expect((object["samples"] as? [Any])?.isEmpty == false)
    }

    @Test("Self-contained: no network, light and dark colours")
    func selfContained() throws {
        let html = try HTMLReport().render(try ReportFixture.input())
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link"))
        #expect(
            html.range(
                of: "<(img|script|iframe|link|audio|video|source|embed)[^>]*\\ssrc=", options: .regularExpression)
                == nil)
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("The median launch by default, a chosen launch, and a clear error for a launch without a trace")
    func chosenRun() throws {
        let input = try ReportFixture.input()
        #expect(try HTMLReport().render(input).contains("<h2 id=\"waterfall\">Waterfall of launch 6</h2>"))
        #expect(try HTMLReport(run: 2).render(input).contains("<h2 id=\"waterfall\">Waterfall of launch 2</h2>"))
        #expect(throws: LaunchProfilerError.self) { try HTMLReport(run: 4).render(input) }
    }

    @Test("Budget limits are drawn on the phase they cover and across the chart for totals")
    func limitLines() throws {
        let html = try HTMLReport().render(try ReportFixture.input())
        #expect(html.contains("<g class=\"limit limit-fail\" data-metric=\"didFinishLaunching\">"))
        #expect(html.contains("<g class=\"limit limit-pass\" data-metric=\"timeToFirstFrame\">"))
        #expect(html.contains("<g class=\"limit limit-inconclusive\" data-metric=\"firstVisibleWindow\">"))
    }

    @Test("A limit beyond the axis is an off-scale marker at the edge with its label, not a line through it")
    func offScaleLimit() throws {
        var input = try ReportFixture.input()
        let index = try #require(input.evaluation.verdicts.firstIndex { $0.rule.metric == .timeToFirstFrame })
        input.evaluation.verdicts[index].threshold = 60e9
        let html = try HTMLReport().render(input)
        let group = try #require(
            html.range(of: "<g class=\"limit limit-off-scale limit-pass\" data-metric=\"timeToFirstFrame\">"))
        let rest = html[group.upperBound...]
        let end = try #require(rest.range(of: "</g>"))
        let marker = rest[..<end.lowerBound]
        #expect(marker.contains("<polygon class=\"off-scale-marker\""))
        #expect(marker.contains("off scale at 60000"), "\(marker)")
        #expect(!marker.contains("<line"))
    }

    @Test(
        "Phase bars are the main thread's state in time order with a whole-launch profile, and a labelled breakdown without one"
    )
    func phaseBarOrder() throws {
        var input = try ReportFixture.input()
        #expect(try HTMLReport().render(input).contains("data-bar=\"breakdown\""))
        let index = try #require(input.traces.firstIndex { $0.runIndex == 6 })
        let phase = try #require(input.traces[index].phases.first { $0.phase == .didFinishLaunching })
        let third = phase.durationNs / 3
        // The profile's samples, as the trace file holds them: blocked, on-CPU, blocked.
        let samples = [("blocked", 0), ("onCPU", 1), ("blocked", 2)].map { state, part in
            #"{"startNs": \#(phase.startNs + Int64(part) * third), "durationNs": \#(third), "state": "\#(state)"}"#
        }
        let json =
            #"{"source": "perf", "samplePeriodNs": 1000000, "offCPUStacks": true, "stacks": [], "images": [], "lostRecords": 0, "droppedSamples": 0, "samples": [\#(samples.joined(separator: ","))]}"#
        input.traces[index].profile = try JSONDecoder().decode(LaunchProfile.self, from: Data(json.utf8))
        let html = try HTMLReport().render(input)
        let bar = try #require(
            html.range(
                of: "data-phase=\"didFinishLaunching\" data-duration-ns=\"\(phase.durationNs)\" data-bar=\"timeline\""))
        let rest = html[bar.upperBound...]
        let body = rest[..<(rest.range(of: "</g>")?.lowerBound ?? rest.endIndex)]
        let classes = body.components(separatedBy: "<rect class=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        #expect(
            classes == ["unsampled", "blocked", "cpu", "blocked"],
            "blocked, then on-CPU, then blocked again, in time order")
    }

    @Test("Findings are shown with their advice when given, and the section is absent otherwise")
    func findings() throws {
        let input = try ReportFixture.input()
        #expect(!(try HTMLReport().render(input)).contains("id=\"findings\""))
        let finding = ReportFinding(
            title: "<CatalogStore.load()>", detail: "file I/O", advice: "Move it off the main queue.",
            rewrite: "DispatchQueue.global(qos: .utility).async { load() }")
        let html = try HTMLReport().render(input, findings: [finding])
        #expect(html.contains("<h3>&lt;CatalogStore.load()&gt;</h3>"))
        #expect(html.contains("DispatchQueue.global(qos: .utility).async { load() }"))
    }
}

extension HTMLReportTests {
    @Test("A findings card whose advice a card above gave refers to that card instead of repeating it")
    func repeatedAdvice() {
        let advice = "xeyes (no symbol): the image has no symbol for this code (a stripped build)."
        let cards = [
            ReportFinding(
                title: "xeyes (no symbol) → XtAppInitialize (libXt.so.6) in main: 400.0 us", detail: "", advice: advice,
                place: "xeyes (no symbol) → XtAppInitialize (libXt.so.6) in main"),
            ReportFinding(
                title: "xeyes (no symbol) → XCreateBitmapFromData (libX11.so.6) in main: 100.0 us", detail: "",
                advice: advice),
        ]
        let html = HTMLReport().findingsSection(cards, attribution: nil, endpoint: nil).render()
        #expect(html.components(separatedBy: advice).count == 2, "\(html)")
        #expect(
            html.contains("The same advice as for xeyes (no symbol) → XtAppInitialize (libXt.so.6) in main above."),
            "\(html)")
        // The pull-request comment's list says the same.
        let markdown = MarkdownReport().findingsBlock(cards, symbolication: [])
        #expect(markdown.components(separatedBy: advice).count == 2, "\(markdown)")
        #expect(markdown.contains("**: The same advice as 1.\n"), "\(markdown)")
    }
}
