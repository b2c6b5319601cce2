import ArgumentParser
import Foundation
import LaunchRunner
import LaunchTool

/// `launchprof compare`: launches two builds interleaved until every metric is decided.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Launch a base and a head build side by side until it is clear whether head is slower.",
        discussion: """
            Launches run in randomised ABBA blocks (both builds see the same machine). After every \
            block an always-valid confidence sequence of the log-ratio head/base decides each metric: \
            regressed, improved, same (within --min-effect) or inconclusive at --max-runs (docs/compare.md). \
            The output folder receives comparison.json and a run folder per build (base/, head/). \
            Arguments for both builds go after --, as in `launchprof compare --base old/MyApp --head new/MyApp -w 2 -- --flag`.
            """ + "\n\n" + ProfilerExitStatus.helpText
    )

    @OptionGroup var builds: ComparisonOptions

    @OptionGroup(title: "Sequential test")
    var test: SequentialTestOptions

    @Option(name: .shortAndLong, help: "Launches of each build before the measured ones, discarded.")
    var warmup: Int = 1

    @OptionGroup var launch: ProgramLaunchOptions

    @OptionGroup(title: "Readiness")
    var readiness: ReadinessOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @Option(help: "Budget file whose rules with \"baseline\": \"base\" bound the regression against base.")
    var budgets: String?

    @Option(help: "Folder for the comparison's files (default: \(RunFolder.runsRoot)/<date-time>).")
    var output: String?

    @OptionGroup var format: FormatOptions

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Flag(
        inversion: .prefixedNo,
        help:
            "A measurement launch after each instrumented one, whose values are compared: a program's with no instruments at all, an app's with the probe's marks alone."
    )
    var measurementLaunches = true

    @Flag(
        help:
            "Profile a program that writes no trace too: a diagnosis launch before each measurement launch, so that the comparison says which functions and which reasons of the launch's breakdown moved (the program's code, or the machine: waiting for a CPU). An app's launches are always diagnosed."
    )
    var diagnose = false

    @Argument(parsing: .postTerminator, help: "Arguments of both builds, after --.")
    var arguments: [String] = []

    func validate() throws {
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative.") }
    }

    func run() throws {
        var plan = try makePlan()
        try LaunchGuard.install()
        var specifications = [plan.base, plan.head]
        let session = try display.open(for: &specifications)
        defer { session?.close() }
        (plan.base, plan.head) = (specifications[0], specifications[1])
        let folder = try RunFolder.create(at: output)
        let progress = ProgressReporter(
            total: test.maxRuns * 2, interactive: Terminal.stderrIsTerminal, totalIsMaximum: true)
        let result = try launch.aroundLaunches {
            try ComparisonRun(plan: plan, folder: folder).run { event in
                if case .launched(let build, let launch) = event { progress.launched(launch, label: build.rawValue) }
                if case .launchesFinished = event { progress.finish() }
            }
        }
        try Terminal.write(
            try format.format.render(comparison: result.outcome, colored: Terminal.stdoutIsTerminal), terminator: "")
        if format.format == .text { try Terminal.write("\nComparison folder: \(folder.url.path)") }
        if let signal = result.outcome.interruptedBy {
            Terminal.printError(
                "launchprof: interrupted by signal \(signal); the launches so far are in \(folder.url.path).")
        }
        let code = result.outcome.exitCode
        if code != .success { throw ExitCode(code.rawValue) }
    }

    /// The plan the options describe: both builds launched with the same options.
    private func makePlan() throws -> ComparisonPlan {
        let budgetFile = try budgets.map { try BudgetFile.load(from: URL(filePath: $0)) }
        let readinessSettings = try readiness.settings()
        let instrumentSettings = try instruments.settings()
        func specification(_ program: String, _ environment: [String: String]) throws -> LaunchSpecification {
            launch.specification(
                of: [try ExecutableResolver.resolve([program])] + arguments, environment: environment,
                readiness: readinessSettings, instruments: instrumentSettings
            )
        }
        var plan = ComparisonPlan(
            base: try specification(builds.base, try builds.environment(builds.baseEnv, option: "--base-env")),
            head: try specification(builds.head, try builds.environment(builds.headEnv, option: "--head-env")),
            warmup: warmup, metrics: test.metrics, settings: test.settings, maxRuns: test.maxRuns,
            seed: test.seed ?? UInt64.random(in: 0...UInt64.max), budgets: budgetFile
        )
        plan.measurementLaunches = measurementLaunches
        plan.diagnosesPrograms = diagnose
        plan.generator = LaunchProf.generator
        return plan
    }
}
