import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `ProfilingRun` on the scripted launcher: adaptive stopping, failed launches and interruption,
/// with no process started (deterministic phase durations).
@Suite("ProfilingRun (scripted launches)")
struct ScriptedProfilingRunTests {
    static func plan(runs: Int, warmup: Int = 1, budgets: BudgetCheck, adaptive: AdaptiveStopping? = nil)
        -> ProfilingPlan
    {
        ProfilingPlan(
            launch: LaunchSpecification(
                executable: "/bin/true", instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none)),
            runs: runs, warmup: warmup, adaptive: adaptive, budgets: budgets, generator: "launchprof test"
        )
    }

    static func budgets(_ json: String, in root: URL) throws -> BudgetCheck {
        let url = root.appendingPathComponent("budgets.json")
        try Data(json.utf8).write(to: url)
        return try BudgetCheck(budgetsPath: url.path, baseline: nil, store: BaselineStore(directory: root))
    }

    static func run(_ plan: ProfilingPlan, launcher: ScriptedLauncher, in root: URL) throws -> (
        ProfilingResult, [ProfilingEvent]
    ) {
        let folder = try RunFolder.create(at: root.appendingPathComponent("run").path)
        var events: [ProfilingEvent] = []
        let result = try ProfilingRun(plan: plan, folder: folder, launcher: launcher).run { events.append($0) }
        return (result, events)
    }

    @Test("adaptive stopping adds batches while the verdict is inconclusive, up to the maximum")
    func adaptiveUpToMaximum() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let budgets = try Self.budgets(
            #"{"schemaVersion": 1, "rules": [{"metric": "didFinishLaunching", "limit": "20ms"}]}"#, in: root)
        // Odd launches 5 ms, even ones 40 ms: the median's interval always holds 20 ms.
        let launcher = ScriptedLauncher { .completed(.didFinishLaunching, ms: $0.index.isMultiple(of: 2) ? 40 : 5) }
        let plan = Self.plan(runs: 3, budgets: budgets, adaptive: AdaptiveStopping(maxRuns: 6, batchSize: 2))
        let (result, events) = try Self.run(plan, launcher: launcher, in: root)
        let added = events.compactMap { event -> Int? in
            if case .addingLaunches(let count, _, _) = event { return count }
            return nil
        }
        #expect(added == [2, 1])
        #expect(result.summary.launches.map(\.index) == Array(1...6))
        #expect(result.evaluation.exitCode == .inconclusive)
        // Each diagnosis launch is followed by a measurement launch, which the budget is checked on.
        #expect(
            launcher.requests.filter { [.warmup, .diagnosis].contains($0.kind) }.map(\.index) == [-1, 1, 2, 3, 4, 5, 6])
        #expect(launcher.requests.filter { $0.kind == .measurement }.map(\.index) == Array(1...6))
    }

    @Test("adaptive stopping stops at the first batch once every launch is clearly under the limit")
    func adaptiveStopsWhenDecided() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let budgets = try Self.budgets(
            #"{"schemaVersion": 1, "rules": [{"metric": "didFinishLaunching", "limit": "200ms"}]}"#, in: root)
        let launcher = ScriptedLauncher { .completed(.didFinishLaunching, ms: 10 + Double($0.index % 3)) }
        let plan = Self.plan(runs: 5, budgets: budgets, adaptive: AdaptiveStopping(maxRuns: 30, batchSize: 5))
        let (result, _) = try Self.run(plan, launcher: launcher, in: root)
        #expect(result.summary.launches.count == 5)
        #expect(result.evaluation.exitCode == .success)
        let samples = try #require(result.summary.metric(.phase(.didFinishLaunching), scenario: .warm)?.samples)
        #expect(samples.sorted() == [10e6, 11e6, 11e6, 12e6, 12e6])
    }

    @Test("a crashed launch is recorded and the others kept; the run exits with launches failed")
    func crashedLaunchKept() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let launcher = ScriptedLauncher { $0.index == 2 ? .crashed(signal: SIGSEGV) : .completed }
        let (result, _) = try Self.run(
            Self.plan(runs: 3, budgets: Self.budgets(#"{"schemaVersion": 1, "rules": []}"#, in: root)),
            launcher: launcher, in: root)
        #expect(result.summary.launches.map(\.outcome) == [.completed, .crashed, .completed])
        #expect(result.traces.count == 2)
        #expect(result.evaluation.exitCode == .launchFailed)
        let manifest = try RunManifest.read(from: result.folder.manifestURL)
        #expect(manifest.launches.map(\.outcome) == [.completed, .crashed, .completed])
    }

    @Test("an interruption after the second launch starts no more; the two are kept and the run says so")
    func interruptionStops() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // The warm-up launch, then two diagnosis launches, each with its measurement launch.
        let launcher = ScriptedLauncher(interruptAfter: (launches: 5, signal: SIGTERM)) { _ in .completed }
        let (result, _) = try Self.run(
            Self.plan(runs: 5, budgets: Self.budgets(#"{"schemaVersion": 1, "rules": []}"#, in: root)),
            launcher: launcher, in: root)
        #expect(launcher.requests.count == 5)
        #expect(result.interruptedBy == SIGTERM)
        #expect(result.exitStatus == .interrupted)
        #expect(try RunManifest.read(from: result.folder.manifestURL).launches.count == 2)
    }

    @Test("every launch of a run carries the run's one specification; warm-up launches count down from -1")
    func specificationCarried() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let launcher = ScriptedLauncher { _ in .completed }
        var plan = Self.plan(
            runs: 2, warmup: 2, budgets: try Self.budgets(#"{"schemaVersion": 1, "rules": []}"#, in: root))
        plan.launch.arguments = ["--flag"]
        plan.launch.timeoutSeconds = 7
        _ = try Self.run(plan, launcher: launcher, in: root)
        #expect(launcher.requests.map(\.index) == [-1, -2, 1, 1, 2, 2])
        #expect(
            launcher.requests.filter { [.warmup, .diagnosis].contains($0.kind) }.allSatisfy {
                $0.specification == plan.launch
            })
        #expect(
            launcher.requests.filter { $0.kind == .measurement }.allSatisfy {
                $0.specification == plan.launch.carrying(.probeMarks)
            })
    }

    @Test("--diagnosis-launches 2 of 5: two diagnosis launches first, five measurement launches give the metrics")
    func fewerDiagnosisLaunches() throws {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // Diagnosis launches 30 ms in didFinishLaunching, measurement launches 10 ms.
        let launcher = ScriptedLauncher { .completed(.didFinishLaunching, ms: $0.kind == .measurement ? 10 : 30) }
        var plan = Self.plan(runs: 5, budgets: try Self.budgets(#"{"schemaVersion": 1, "rules": []}"#, in: root))
        plan.diagnosisLaunches = 2
        let (result, events) = try Self.run(plan, launcher: launcher, in: root)
        #expect(launcher.requests.filter { [.warmup, .diagnosis].contains($0.kind) }.map(\.index) == [-1, 1, 2])
        #expect(launcher.requests.filter { $0.kind == .measurement }.map(\.index) == Array(1...5))
        #expect(result.summary.launches.count == 2 && result.traces.count == 2)
        let phase = try #require(result.summary.metric(.phase(.didFinishLaunching), scenario: .warm))
        #expect(phase.samples == [10_000_000, 10_000_000, 10_000_000, 10_000_000, 10_000_000])
        #expect(events.filter { if case .launched = $0 { true } else { false } }.count == 5)
    }
}
