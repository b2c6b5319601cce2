import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `ComparisonRun` on the scripted launcher: the ABBA blocks, the sequential decision on
/// deterministic durations, a failing build and interruption, with no process started.
@Suite("ComparisonRun (scripted launches)")
struct ScriptedComparisonRunTests {
    static let base = "/scripted/base"
    static let head = "/scripted/head"

    /// Launches of base last `baseMs` (± a deterministic 0.2 ms wobble), of head `headMs`.
    static func launcher(baseMs: Double, headMs: Double, interruptAfter: (launches: Int, signal: Int32)? = nil)
        -> ScriptedLauncher
    {
        ScriptedLauncher(interruptAfter: interruptAfter) { request in
            let wobble = Double(request.index % 3) * 0.1
            return .completed(
                .didFinishLaunching, ms: (request.specification.executable == base ? baseMs : headMs) + wobble)
        }
    }

    static func plan(seed: UInt64 = 11, maxRuns: Int = 40, budgets: BudgetFile? = nil) -> ComparisonPlan {
        func side(_ executable: String) -> LaunchSpecification {
            LaunchSpecification(
                executable: executable, instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none))
        }
        return ComparisonPlan(
            base: side(base), head: side(head), warmup: 1, metrics: [.phase(.didFinishLaunching)], maxRuns: maxRuns,
            seed: seed,
            budgets: budgets
        )
    }

    static func compare(_ plan: ComparisonPlan, _ launcher: ScriptedLauncher) throws -> ComparisonRunResult {
        let root = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try RunFolder.create(at: root.appendingPathComponent("compare").path)
        return try ComparisonRun(plan: plan, folder: folder, launcher: launcher).run()
    }

    @Test("launches run in ABBA or BAAB blocks after one warm-up of each build", arguments: [UInt64(1), 2, 3])
    func blocks(seed: UInt64) throws {
        let launcher = Self.launcher(baseMs: 100, headMs: 110)
        _ = try Self.compare(Self.plan(seed: seed), launcher)
        // Each diagnosis launch is followed by its build's measurement launch.
        let diagnosis = launcher.requests.filter { $0.kind != .measurement }
        #expect(launcher.requests.filter { $0.kind == .measurement }.count == diagnosis.count - 2)
        let order = diagnosis.map { $0.specification.executable == Self.base ? "A" : "B" }
        #expect(Array(order.prefix(2)) == ["A", "B"])
        let blocks = stride(from: 2, to: order.count, by: 4).map { order[$0..<min($0 + 4, order.count)].joined() }
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { $0 == "ABBA" || $0 == "BAAB" }, "\(blocks)")
        var expected = BlockOrder(seed: seed)
        #expect(blocks == blocks.map { _ in expected.next().map { $0 == .base ? "A" : "B" }.joined() })
    }

    @Test("the measurement launches are compared: a head slower only under the instruments is not regressed")
    func comparesMeasurementLaunches() throws {
        // Head's diagnosis launches are 20 % slower; its measurement launches are as fast as base's.
        let launcher = ScriptedLauncher { request in
            let slower = request.specification.executable == Self.head && request.kind != .measurement
            return .completed(.didFinishLaunching, ms: (slower ? 120 : 100) + Double(request.index % 3) * 0.1)
        }
        let outcome = try Self.compare(Self.plan(maxRuns: 20), launcher).outcome
        #expect(outcome.decision != .regressed, "\(outcome.test)")
        var unmeasured = Self.plan(maxRuns: 20)
        unmeasured.measurementLaunches = false
        #expect(try Self.compare(unmeasured, launcher).outcome.decision == .regressed)
    }

    @Test("a head with 10 ms more in one phase: the regression is localised to that phase, nothing else moved")
    func localisesThePhase() throws {
        let launcher = ScriptedLauncher { request in
            let wobble = Double(request.index % 3) * 0.1
            let extra = request.specification.executable == Self.head ? 10.0 : 0
            return .completed(phasesMs: [.binaryLoad: 20 + extra + wobble, .didFinishLaunching: 100 + wobble])
        }
        var plan = Self.plan(maxRuns: 24)
        plan.metrics = [.timeToFirstFrame]
        let outcome = try Self.compare(plan, launcher).outcome
        #expect(outcome.decision == .regressed)
        let parts = try #require(outcome.parts)
        #expect(parts.count >= 4, "\(parts.test.metrics.map(\.metric))")
        #expect(parts.moved.map(\.metric) == [.phase(.binaryLoad)], "\(parts.moved.map(\.metric))")
        let moved = try #require(parts.moved.first)
        #expect(moved.decision == .regressed && abs(moved.medianChange - 10_000_000) < 500_000, "\(moved.medianChange)")
        let text = ComparisonTextReport().render(outcome)
        #expect(text.contains("Where the time went") && text.contains("  binaryLoad regressed +10"), "\(text)")
        #expect(ComparisonMarkdownReport().render(outcome).contains("- binaryLoad regressed +10"))
    }

    @Test("a head 10 % slower is regressed, its interval holding 10 %; 10 % faster is improved")
    func decides() throws {
        let slower = try Self.compare(Self.plan(), Self.launcher(baseMs: 100, headMs: 110)).outcome
        #expect(slower.decision == .regressed)
        #expect(slower.exitCode == .budgetExceeded)
        let interval = try #require(slower.test.metrics[0].effectInterval)
        #expect(interval.lower <= 0.1 + 0.005 && 0.1 - 0.005 <= interval.upper, "\(interval)")
        let faster = try Self.compare(Self.plan(), Self.launcher(baseMs: 110, headMs: 100)).outcome
        #expect(faster.decision == .improved)
        #expect(faster.exitCode == .success)
    }

    @Test("identical builds are never called regressed")
    func identical() throws {
        let outcome = try Self.compare(Self.plan(), Self.launcher(baseMs: 100, headMs: 100)).outcome
        #expect(outcome.decision == .same || outcome.decision == .inconclusive)
        #expect(outcome.base.launches == outcome.head.launches)
    }

    @Test("a head that crashes ends the comparison with launch failed, naming head")
    func headCrashes() throws {
        let launcher = ScriptedLauncher {
            $0.specification.executable == Self.head ? .crashed(signal: SIGABRT) : .completed
        }
        let outcome = try Self.compare(Self.plan(), launcher).outcome
        #expect(outcome.failedBuild == .head)
        #expect(outcome.exitCode == .launchFailed)
    }

    @Test("an interruption stops the comparison before its next block")
    func interrupted() throws {
        let launcher = Self.launcher(baseMs: 100, headMs: 100.5, interruptAfter: (launches: 6, signal: SIGINT))
        _ = try Self.compare(Self.plan(maxRuns: 60), launcher)
        // Two warm-up launches and one block of four, then no more.
        #expect(launcher.requests.count == 6)
    }
}
