import Foundation
import LaunchAnalysis
import LaunchHistory
import LaunchTestSupport
import LaunchTrace
import LaunchWorkflow
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
        let page = TrendDashboard(runs: runs, changes: TrendAnalysis().changes(in: runs), budgets: budgets).render()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trends.html")
        try Data(page.utf8).write(to: file)
        let output = try Chromium.run(["--dump-dom", file.absoluteString])
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        let dom = output.stdout
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
}
