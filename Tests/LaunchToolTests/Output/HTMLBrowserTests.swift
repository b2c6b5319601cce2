import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The HTML report loaded in a real headless Chromium: its scripts run without errors, the
/// waterfall and the verdict table match the data, and injected names stay text.
/// `.ci/run` installs Chromium, so in CI these tests always run.
@Suite(
    "HTML report in Chromium",
    .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium; .ci/run installs it)."))
struct HTMLBrowserTests {
    /// Renders the page to a file, loads it and returns the DOM after the scripts ran.
    func dumpDOM(_ html: String) throws -> String {
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)
        let output = try Chromium.run(["--dump-dom", page.absoluteString])
        print("chromium --dump-dom took \(String(format: "%.2f", output.seconds)) s")
        #expect(output.status == 0, "chromium failed: \(output.stderr.suffix(2000))")
        return output.stdout
    }

    func attribute(_ name: String, ofBodyIn dom: String) -> String? {
        guard let body = dom.range(of: "<body[^>]*>", options: .regularExpression) else { return nil }
        let tag = String(dom[body])
        guard let range = tag.range(of: "\(name)=\"[^\"]*\"", options: .regularExpression) else { return nil }
        return String(tag[range].dropFirst(name.count + 2).dropLast())
    }

    func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    @Test("The page runs without script errors and matches the run")
    func pageInBrowser() throws {
        let input = try ReportFixture.input()
        let dom = try dumpDOM(try HTMLReport().render(input))
        #expect(attribute("data-ready", ofBodyIn: dom) == "ok", "The page's script did not finish.")
        #expect(
            attribute("data-errors", ofBodyIn: dom) == nil,
            "Script errors: \(attribute("data-errors", ofBodyIn: dom) ?? "")")

        // One waterfall bar per phase of the median launch.
        let chosen = try #require(input.trace(run: 6))
        let bars = try matches("<g class=\"phase-bar\" data-phase=\"([a-zA-Z]+)\"", in: dom).map { $0[0] }
        #expect(bars == chosen.phases.map(\.phase.rawValue))

        // The verdict table lists every rule, in order, with its status.
        let rows = try matches("<tr class=\"verdict\" data-metric=\"([^\"]*)\" data-status=\"([a-z]+)\"", in: dom)
        #expect(rows.map { $0[0] } == input.evaluation.verdicts.map(\.rule.metric.rawValue))
        #expect(rows.map { $0[1] } == input.evaluation.verdicts.map(\.status.rawValue))

        // The flame graph was drawn, with the injected symbol as a frame's text.
        let nodes = Int(attribute("data-flame-nodes", ofBodyIn: dom) ?? "0") ?? 0
        #expect(nodes > 10)
        #expect(
            dom.contains("class=\"flame-node\"")
                && dom.contains("&lt;/script&gt;&lt;script&gt;document.body.dataset.injected=\"symbol\"&lt;/script&gt;")
        )

        // Injected names stayed text: no element of theirs exists and no code of theirs ran.
        #expect(!dom.contains("data-injected"))
        #expect(!dom.contains("<img"))
        #expect(dom.components(separatedBy: "<script").count - 1 == 3)
        #expect(dom.contains("&lt;img src=x onerror=\"document.body.dataset.injected='span'\"&gt;"))
    }

    @Test("A page for a launch chosen with --run, and one without budgets, also run cleanly")
    func otherPages() throws {
        var input = try ReportFixture.input()
        let chosen = try dumpDOM(try HTMLReport(run: 3).render(input))
        #expect(attribute("data-ready", ofBodyIn: chosen) == "ok")
        #expect(try matches("<g class=\"phase-bar\"", in: chosen).count == input.trace(run: 3)!.phases.count)

        input.evaluation = BudgetEvaluation(verdicts: [], launchCount: 6, completedLaunchCount: 5)
        input.profiles = input.profiles.map { MainThreadProfile(runIndex: $0.runIndex, frames: [], samples: []) }
        let bare = try dumpDOM(try HTMLReport().render(input))
        #expect(attribute("data-ready", ofBodyIn: bare) == "ok")
        #expect(attribute("data-errors", ofBodyIn: bare) == nil)
        #expect(bare.contains("No budget rules were given"))
        #expect(bare.contains("No samples or blocking calls for this selection."))
    }
}
