import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The trend dashboard loaded in a real headless Chromium. `.ci/run` installs Chromium.
@Suite(
    "Trend dashboard in Chromium",
    .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium; .ci/run installs it)."))
struct TrendDashboardTests {
    /// 120 nights of two metrics; `timeToFirstFrame` steps up 10 % at night 60; the app's name is markup.
    static func runs() -> [HistoryRun] {
        var generator = SyntheticSeries(seed: 11)
        let total = generator.nights(120, base: 300_000_000, steps: [(60, 1.10)])
        let memory = generator.nights(120, base: 50_000_000, noise: 0.01)
        return (0..<120).map { night in
            HistoryRun(
                key: "night-\(night)", recordedAt: HistoryFixtures.timestamp(night),
                app: "</svg><script>document.body.dataset.injected=1</script>",
                revision: SourceRevision(commit: "commit\(night)", branch: "main"),
                machine: MachineFingerprint(machineClass: "m", hostname: "h", kernel: "k"), scenario: "warm",
                launches: 3,
                metrics: [
                    HistoryMetric(
                        scenario: "warm", metric: "timeToFirstFrame",
                        values: [total[night] * 0.97, total[night], total[night] * 1.03]),
                    HistoryMetric(scenario: "warm", metric: "peakMemory", values: [memory[night]]),
                ]
            )
        }
    }

    @Test(
        "per metric a chart with the band, the medians, change points with their commits, budget limits; names stay text"
    )
    func dashboardInBrowser() throws {
        let runs = Self.runs()
        let budgets = try BudgetFile.parse(
            Data(
                #"{"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "statistic": "median", "limit": "400ms", "scenario": "warm"}]}"#
                    .utf8), file: "budgets.json")
        let dom = try Self.dom(
            of: TrendDashboard(runs: runs, changes: TrendAnalysis().changes(in: runs), budgets: budgets).render())
        #expect(dom.contains("data-series=\"2\""), "\(dom.prefix(500))")
        #expect(!dom.contains("data-injected"), "the app's name ran as a script")
        #expect(dom.components(separatedBy: "<polyline class=\"median\"").count == 3)
        #expect(dom.components(separatedBy: "<polygon class=\"band\"").count == 3)
        let marker = try #require(
            dom.range(of: "<line class=\"change-point\" data-index=\"(\\d+)\"", options: .regularExpression))
        let index = Int(dom[marker].split(separator: "\"")[3]) ?? 0
        #expect(abs(index - 60) <= 1)
        #expect(dom.contains("<title>commit\(index - 1)..commit\(index) +"))
        #expect(dom.components(separatedBy: "<line class=\"limit\"").count == 2)
        #expect(dom.contains("budget: median &lt;= 400ms"))
    }

    /// The DOM Chromium makes of `page`.
    static func dom(of page: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trends.html")
        try Data(page.utf8).write(to: file)
        let output = try Chromium.run(["--dump-dom", file.absoluteString])
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        return output.stdout
    }

    /// The markup of the `section` of `metric`, up to the next section.
    static func section(_ metric: String, in dom: String) -> String? {
        guard let start = dom.range(of: "data-metric=\"\(metric)\" data-scenario") else { return nil }
        let rest = dom[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
    }

    /// Every match of `pattern`'s first group in `text`.
    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test(
        "eight nights, a 3 ms regression at c5: timeToReady leads, its axis is in ms, runs by commit, the change at c4..c5 with its bisect command; no chart of an all-zero series"
    )
    func eightNights() throws {
        let runs = NightlyHistory.runs()
        let options = ChangePointOptions(minSegment: 3)
        let dom = try Self.dom(
            of: TrendDashboard(runs: runs, changes: TrendAnalysis(options: options).changes(in: runs), options: options)
                .render())
        // The first table's first row and the first chart are timeToReady.
        let rows = try Self.matches(#"<tr data-metric="([^"]+)""#, in: dom)
        #expect(rows.first == "timeToReady", "\(rows)")
        let charted = try Self.matches(#"<section class="series" id="[^"]+" data-metric="([^"]+)""#, in: dom)
        #expect(charted.first == "timeToReady", "\(charted)")
        let chart = try #require(Self.section("timeToReady", in: dom))
        // A value axis in ms covering 0.9 to 3.9 ms, and the runs by date and commit.
        let values = try Self.matches(#"<text class="tick value"[^>]*>([^<]+)</text>"#, in: chart)
        #expect(values.count >= 4 && values.allSatisfy { $0.hasSuffix(" ms") }, "\(values)")
        let numbers = values.compactMap { Double($0.dropLast(3)) }
        #expect((numbers.min() ?? 9) <= 0.9 && (numbers.max() ?? 0) >= 3.9, "\(values)")
        let commits = try Self.matches(#"<tspan class="commit"[^>]*>([^<]+)</tspan>"#, in: chart)
        #expect(commits == (1...8).map { "c\($0)" })
        #expect(chart.contains(">11-20 02:00</tspan>"), "each run's date")
        // The change point between the fourth and fifth run, with its range and bisect command.
        #expect(try Self.matches(#"<line class="change-point" data-index="(\d+)""#, in: chart) == ["4"])
        #expect(chart.contains(">c4..c5 +"), "the change is labelled on the chart")
        #expect(chart.contains("launchprof bisect --good c4 --bad c5"), "\(chart)")
        // A point per run whose hover names its run, commit, median and spread.
        #expect(chart.contains("<title>run 5 of 8, \(NightlyHistory.timestamp(4)), commit c5: median 3.9 ms, p10 "))
        // All-zero series: no chart, named in one line.
        #expect(Self.section("exec.blocked", in: dom) == nil && Self.section("exit.blocked", in: dom) == nil)
        #expect(
            dom.contains(
                "Never moved (the same median in every run, not charted): exec.blocked 0 ns, exit.blocked 0 ns"))
        #expect(Self.section("majorFaults", in: dom) == nil)
        // The night of c5, the largest movers join the headline, a change from zero as what it is.
        let morning = try Self.dom(of: TrendDashboard(runs: Array(runs.prefix(5)), changes: []).render())
        let headline = try Self.matches(#"<tr data-metric="([^"]+)""#, in: morning)
        #expect(headline.first == "timeToReady" && headline.contains("main.blocked"), "\(headline)")
        #expect(morning.contains("from 0 to 3.0 ms"), "a change from zero reads as what it is")
        #expect(morning.contains("<td class=\"verdict bad\">slower</td>"), "timeToReady's verdict")
        #expect(!dom.contains("No change point can be found yet"))
    }

    @Test(
        "with the default minimum segment, eight runs show no change point and the page says how many more runs it needs"
    )
    func tooFewRuns() throws {
        let runs = NightlyHistory.runs()
        let dom = try Self.dom(of: TrendDashboard(runs: runs, changes: TrendAnalysis().changes(in: runs)).render())
        #expect(!dom.contains("class=\"change-point\""))
        #expect(dom.contains("data-runs-needed=\"6\""), "14 runs needed, 8 recorded")
        #expect(dom.contains("launchprof history report --min-segment 4"))
    }

    @Test("budgeted metrics join the headline with their verdict against the limit, drawn and labelled on the chart")
    func budgetedHeadline() throws {
        let runs = NightlyHistory.runs()
        let budgets = try BudgetFile.parse(
            Data(
                #"{"schemaVersion": 1, "rules": [{"metric": "timeToReady", "statistic": "median", "limit": "2ms", "scenario": "warm"}, {"metric": "peakMemory", "statistic": "p90", "limit": "8MB", "scenario": "warm"}]}"#
                    .utf8), file: "budgets.json")
        let dom = try Self.dom(of: TrendDashboard(runs: runs, changes: [], budgets: budgets).render())
        let rows = try Self.matches(#"<tr data-metric="([^"]+)""#, in: dom)
        #expect(rows == ["timeToReady", "peakMemory"], "\(rows)")
        #expect(dom.contains("<td class=\"verdict bad\">over budget (median &lt;= 2ms)</td>"), "timeToReady is 3.9 ms")
        #expect(dom.contains("within noise, within budget</td>"), "peakMemory is 1.3 MB")
        let chart = try #require(Self.section("timeToReady", in: dom))
        #expect(chart.contains("<text class=\"limit-label\"") && chart.contains(">budget: median &lt;= 2ms</text>"))
    }
}
