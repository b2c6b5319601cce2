import ArgumentParser
import Foundation
import LaunchAnalysis
import LaunchRunner
import LaunchWorkflow

/// `launchprof compare`: launches two builds interleaved until every metric is decided.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Launch a base and a head build side by side until it is clear whether head is slower.",
        discussion: """
            Launches run in randomised ABBA blocks (both builds see the same machine). After every \
            block an always-valid confidence sequence of the log-ratio head/base decides each metric: \
            regressed, improved, same (within --min-effect) or inconclusive at --max-runs (docs/compare.md). \
            The output folder receives comparison.json and a run folder per build (base/, head/).
            """ + "\n\n" + ProfilerExitStatus.helpText
    )

    @OptionGroup var builds: ComparisonOptions

    @Option(help: "Launches of each build before the measured ones, discarded.")
    var warmup: Int = 1

    @OptionGroup var launch: LaunchOptions

    @Option(help: "Budget file whose rules with \"baseline\": \"base\" bound the regression against base.")
    var budgets: String?

    @Option(help: "Folder for the comparison's files (default: \(RunFolder.runsRoot)/<date-time>).")
    var output: String?

    @OptionGroup var format: FormatOptions

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Argument(parsing: .postTerminator, help: "Arguments of both builds, after --.")
    var arguments: [String] = []

    func validate() throws {
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative.") }
    }

    func run() throws {
        let plan = try makePlan()
        let folder = try RunFolder.create(at: output)
        let progress = ProgressReporter(total: builds.maxRuns * 2, interactive: Terminal.stderrIsTerminal)
        let result = try ComparisonRun(plan: plan, folder: folder).run { event in
            if case .launched(_, let launch) = event { progress.launched(launch) }
            if case .launchesFinished = event { progress.finish() }
        }
        print(try format.format.render(comparison: result.outcome, colored: Terminal.stdoutIsTerminal), terminator: "")
        if format.format == .text { print("\nComparison folder: \(folder.url.path)") }
        let code = result.outcome.exitCode
        if code != .success { throw ExitCode(code.rawValue) }
    }

    /// The plan the options describe.
    private func makePlan() throws -> ComparisonPlan {
        let budgetFile = try budgets.map { try BudgetFile.load(from: URL(filePath: $0)) }
        let check = try BudgetCheck(budgetsPath: nil, baseline: nil, store: BaselineStore(directory: RunFolder.defaultBaselinesURL))
        func plan(_ program: String, _ environment: [String: String]) throws -> ProfilingPlan {
            ProfilingPlan(
                executable: try ExecutableResolver.resolve([program]), arguments: arguments, environment: environment,
                runs: 0, warmup: warmup, scenario: launch.scenario, timeoutSeconds: launch.timeout, exitAfter: launch.exitAfter,
                instruments: try instruments.settings(), budgets: check, generator: LaunchProf.generator
            )
        }
        let settings = ComparisonSettings(minEffect: builds.minEffect / 100, alpha: builds.alpha)
        return ComparisonPlan(
            base: try plan(builds.base, try builds.environment(builds.baseEnv, option: "--base-env")),
            head: try plan(builds.head, try builds.environment(builds.headEnv, option: "--head-env")),
            metrics: builds.metrics, settings: settings, maxRuns: builds.maxRuns,
            seed: builds.seed ?? UInt64.random(in: 0...UInt64.max), budgets: budgetFile
        )
    }
}
