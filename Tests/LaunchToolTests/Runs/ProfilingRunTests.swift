import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

@Suite("ProfilingRun", .serialized)
struct ProfilingRunTests {
    static func plan(runs: Int, behavior: String, budgets: BudgetCheck, adaptive: AdaptiveStopping? = nil)
        -> ProfilingPlan
    {
        ProfilingPlan(
            launch: LaunchSpecification(
                executable: BuiltProducts.path("FixtureApp"), environment: ["FIXTURE_BEHAVIOR": behavior],
                instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none)
            ),
            runs: runs, warmup: 1, adaptive: adaptive, budgets: budgets, generator: "launchprof test"
        )
    }

    static func noBudgets() throws -> BudgetCheck {
        try BudgetCheck(budgetsPath: nil, baseline: nil, store: BaselineStore(directory: RunFolder.defaultBaselinesURL))
    }

    @Test("two launches leave the run's files; each launch is in the folder's manifest as soon as it ends")
    func filesAndManifest() throws {
        let root = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try RunFolder.create(at: root.appendingPathComponent("run").path)
        var manifestCounts: [Int] = []
        var journals: [Bool] = []
        var events: [String] = []
        let result = try ProfilingRun(
            plan: Self.plan(runs: 2, behavior: "sleep:5", budgets: Self.noBudgets()), folder: folder
        ).run { event in
            events.append("\(event)".prefix { $0 != "(" }.description)
            if case .launched = event {
                // As a reader after a SIGKILL would find it: launches.json and the journal.
                manifestCounts.append((try? folder.readManifest())?.launches.count ?? 0)
                journals.append(FileManager.default.fileExists(atPath: folder.journalURL.path))
            }
        }
        #expect(manifestCounts == [1, 2])
        #expect(journals == [true, true])
        #expect(try RunManifest.read(from: folder.manifestURL).launches.count == 2)
        #expect(events == ["warmingUp", "launched", "launched", "launchesFinished"])
        #expect(result.summary.completedLaunchCount == 2)
        #expect(result.traces.count == 2)
        #expect(result.evaluation.exitCode == .success)
        // verdicts.json is written once, when the command's status is final.
        #expect(!FileManager.default.fileExists(atPath: folder.verdictsURL.path))
        try result.writeVerdicts()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(
            files == [
                ".launchprof-run", "launch-001.trace.json", "launch-002.trace.json", "launches.json",
                "measure-001.trace.json", "measure-002.trace.json", "report.html", "summary.json", "verdicts.json",
            ])
        #expect(try RunSummary.read(from: folder.summaryURL).launches.count == 2)
    }
}
