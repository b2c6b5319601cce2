import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@testable import LaunchTool

/// A scene-based app's launches (phases `sceneConfiguration` and `sceneWillConnect` between
/// `didFinishLaunching` and `firstVisibleWindow`) are summarised, budgeted and advised on as the
/// app-delegate path's are.
@Suite("A scene-based app's phases")
struct ScenePhaseTests {
    /// Durations in milliseconds, in ``PhaseName/uikitScene`` order.
    static let sceneMs: [Double] = [120, 2, 1, 3, 5, 150, 1, 60, 30, 10]

    /// `count` scene-based launches; `sceneWillConnect` takes 60 ms (± a little).
    static func run(count: Int) -> (records: [LaunchRecord], traces: [LaunchTrace]) {
        var run = TraceFactory.run(count: count)
        for index in run.traces.indices {
            var durations = sceneMs
            durations[7] += Double(index % 3) * 0.5
            var start: Int64 = 0
            run.traces[index].phases = zip(PhaseName.uikitScene, durations).map { phase, ms in
                let wall = Int64(ms * 1_000_000)
                defer { start += wall }
                let state = ThreadState(
                    wallNs: wall, onCpuNs: wall * 6 / 10, runnableNs: wall / 10, minorFaults: 1, majorFaults: 0,
                    voluntarySwitches: 1, involuntarySwitches: 0)
                return PhaseRecord(phase: phase, startNs: start, durationNs: wall, threadState: state)
            }
            let phases = run.traces[index].phases
            run.traces[index].totals.timeToFirstFrameNs = phases.first { $0.phase == .firstVisibleWindow }?.endNs
            run.traces[index].totals.timeToActiveNs = phases.last?.endNs
        }
        return run
    }

    @Test("the summary lists the scene phases in launch order and has their metrics")
    func summary() throws {
        let run = Self.run(count: 10)
        let summary = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        let scenario = try #require(summary.scenarios["warm"])
        #expect(scenario.phases == PhaseName.uikitScene)
        #expect(
            scenario.phasesThenTotals.prefix(PhaseName.uikitScene.count).map(\.rawValue)
                == PhaseName.uikitScene.map(\.rawValue))
        let connect = try #require(summary.metric(.phase(.sceneWillConnect), scenario: .warm))
        #expect(connect.samples.count == 10 && connect.statistics.median >= 60_000_000)
        #expect(summary.metric(.phase(.sceneConfiguration, .onCpu), scenario: .warm) != nil)
        #expect(MetricCatalog.definition(of: .phase(.sceneWillConnect)) != nil)
        #expect(MetricCatalog.definition(of: .phase(.sceneConfiguration, .blocked)) != nil)
        let appDelegate = TraceFactory.run(count: 3)
        let plain = RunSummary.build(
            info: RunInfoFactory.info, records: appDelegate.records, traces: appDelegate.traces)
        #expect(plain.scenarios["warm"]?.phases == nil, "the app-delegate path keeps its fixed rows")
    }

    @Test(
        "a budget on sceneWillConnect passes or fails on its samples",
        arguments: [("100ms", VerdictStatus.pass), ("20ms", .fail)])
    func budget(limit: String, expected: VerdictStatus) throws {
        let run = Self.run(count: 20)
        let summary = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        let budgets = try BudgetFile.parse(
            Data(#"{"schemaVersion": 1, "rules": [{"metric": "sceneWillConnect", "limit": "\#(limit)"}]}"#.utf8),
            file: "budgets.json")
        let evaluator = BudgetEvaluator(bootstrap: Bootstrap(resamples: 500))
        let verdict = try #require(evaluator.evaluate(budgets, summary: summary).verdicts.first)
        #expect(verdict.status == expected, "\(verdict.message)")
    }

    @Test("advice for work in scene(_:willConnectTo:options:) names the scene delegate")
    func advice() {
        let io = FindingAdvisor.advice(
            function: "CatalogStore.load()", fullName: "SampleApp.CatalogStore.load() throws -> ()", kind: .fileIO,
            phase: .sceneWillConnect, touchesUI: false, hasSharedInstance: true)
        #expect(
            io.summary.hasPrefix("Found in sceneWillConnect, the scene delegate's scene(_:willConnectTo:options:)"))
        let owned = FindingAdvisor.advice(
            function: "CatalogStore.load()", fullName: nil, kind: .fileIO, phase: .sceneWillConnect,
            touchesUI: false, hasSharedInstance: true, context: AdviceContext(owner: .program, module: "SampleApp"))
        #expect(owned.summary.contains("the scene delegate's scene(_:willConnectTo:options:)"))
        #expect(io.rewrite == "DispatchQueue.global(qos: .utility).async { try? CatalogStore.shared.load() }")
        let ui = FindingAdvisor.advice(
            function: "CatalogView.build()", fullName: nil, kind: .cpu, phase: .sceneWillConnect, touchesUI: true,
            hasSharedInstance: false)
        #expect(ui.summary.contains("sceneDidBecomeActive(_:)") && !ui.summary.contains("applicationDidBecomeActive"))
        let configuration = FindingAdvisor.advice(
            function: "Router.choose()", fullName: nil, kind: .cpu, phase: .sceneConfiguration, touchesUI: false,
            hasSharedInstance: false)
        #expect(configuration.summary.contains("application(_:configurationForConnecting:options:)"))
        let appDelegate = FindingAdvisor.advice(
            function: "CatalogStore.load()", fullName: nil, kind: .fileIO, phase: .didFinishLaunching,
            touchesUI: false, hasSharedInstance: true)
        #expect(!appDelegate.summary.contains("scene"))
    }

    @Test("the scene phases sort between didFinishLaunching and firstVisibleWindow")
    func order() {
        let shuffled: [PhaseName] = [.firstVisibleWindow, .sceneWillConnect, .didFinishLaunching, .sceneConfiguration]
        #expect(
            shuffled.sorted() == [.didFinishLaunching, .sceneConfiguration, .sceneWillConnect, .firstVisibleWindow])
        #expect(PhaseName.uikitCatalogue.filter { PhaseName.uikitScene.contains($0) } == PhaseName.uikitScene)
        #expect(PhaseName.uikitCatalogue.filter { PhaseName.uikit.contains($0) } == PhaseName.uikit)
    }
}
