import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Budget rules against history: `"history": N` with a relative limit compares the run with the
/// launches of the last N recorded runs (Mann–Whitney U plus the limit as the minimum effect).
@Suite("Budgets against history")
struct HistoryBudgetTests {
    static let rule = #"{"metric": "timeToFirstFrame", "limit": "+5%", "history": 5}"#

    @Test("the rule form parses; its errors name the path, the value and what was expected")
    func parsing() throws {
        let file = try BudgetFile.parse(
            Data(#"{"schemaVersion": 1, "rules": [\#(Self.rule)]}"#.utf8), file: "budgets.json")
        #expect(file.rules[0].history == 5 && file.rules[0].baseline == "history:last-5")
        #expect(file.baselineNames.isEmpty && file.historyRunCounts == [5])
        let bad =
            #"{"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "limit": "+5%", "history": 0}, {"metric": "timeToFirstFrame", "limit": "400ms", "history": 3}]}"#
        let error = #expect(throws: LaunchProfilerError.self) {
            try BudgetFile.parse(Data(bad.utf8), file: "budgets.json")
        }
        let text = error?.description ?? ""
        #expect(
            text.contains("budgets.json: at rules[0].history: ") && text.contains("a whole number from 1 to 10000"),
            "\(text)")
        #expect(text.contains("at rules[1].limit: ") && text.contains("expected a relative limit"), "\(text)")
    }

    @Test("a real regression against the last runs fails; noise-sized differences pass", arguments: Backend.underTest)
    func evaluation(backend: Backend) throws {
        let location = try backend.newLocation()
        let store = try location.open()
        let earlier = (0..<8).map { night in Self.summary(level: 100, night: night) }
        for (night, summary) in earlier.enumerated() {
            try store.record(
                HistoryRun(
                    summary: summary, evaluation: nil, revision: SourceRevision(commit: "c\(night)"),
                    recordedAt: Date(timeIntervalSince1970: Double(night) * 86_400)))
        }
        store.close()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "history-budgets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let budgets = folder.appendingPathComponent("budgets.json")
        try Data(#"{"schemaVersion": 1, "rules": [\#(Self.rule)]}"#.utf8).write(to: budgets)
        var check = try BudgetCheck(budgetsPath: budgets.path, baseline: nil, store: BaselineStore(directory: folder))
        check.history = location
        #expect(check.evaluate(Self.summary(level: 112, night: 9)).verdicts.map(\.status) == [.fail])
        #expect(check.evaluate(Self.summary(level: 101, night: 9)).verdicts.map(\.status) == [.pass])
        check.history = nil
        #expect(check.evaluate(Self.summary(level: 101, night: 9)).verdicts.map(\.status) == [.missing])
    }

    /// A warm run of SampleApp whose 20 launches of `timeToFirstFrame` are around `level` ms (±2 %).
    static func summary(level: Double, night: Int) -> RunSummary {
        let samples = (0..<20).map { level * 1e6 * (1 + 0.02 * sin(Double($0 * 7 + night))) }
        let metric = MetricSummary(
            name: MetricName.timeToFirstFrame, kind: .time, samples: samples, launchIndices: Array(0..<20))
        return RunSummary(
            run: RunInfo(
                appPath: "/apps/SampleApp", scenario: .warm, runs: 20, warmup: 0, date: "2026-01-01T00:00:00Z",
                machine: MachineInfo(
                    cpuModel: "Test CPU", logicalCores: 2, kernel: "6.1", memoryBytes: 24 << 30, hostname: "ci")),
            launches: [],
            scenarios: [
                "warm": ScenarioSummary(
                    scenario: "warm", completedLaunches: 20, metrics: [MetricName.timeToFirstFrame.rawValue: metric])
            ]
        )
    }
}
