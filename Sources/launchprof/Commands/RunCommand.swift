import ArgumentParser
import Foundation
import LaunchRunner
import LaunchTool
import LaunchTrace

/// `launchprof run`: launches an app repeatedly, summarises every metric and checks budgets.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Launch an app repeatedly, summarise its launch metrics and check them against budgets.",
        discussion: """
            Each launch gets LAUNCHPROF_SPAWN_NS (the clock just before the spawn), LAUNCHPROF_TRACE, \
            LAUNCHPROF_EXIT_AFTER and LAUNCHPROF_SCENARIO. The output folder receives one trace per \
            launch, launches.json (every launch, whatever its outcome), summary.json and report.html. \
            The run is then recorded in the history (see `launchprof history`) unless --no-history is given.

            The program and its arguments go after --, as in `launchprof run -r 20 -w 2 -- ./MyApp --flag` \
            (-r and -w as in hyperfine); without --, launchprof stops and says where to put it.
            """ + "\n\n" + ProfilerExitStatus.helpText
    )

    // `.unconditional`: `--runs -1` is the value -1 (refused by validate() with the range), not a
    // missing value followed by an option -1.
    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help:
            "Measured launches: measurement launches, which give every reported time (with --no-measurement-launches, the instrumented ones)."
    )
    var runs: Int = 10

    @Option(
        help: ArgumentHelp(
            "Diagnosis launches, which carry the instruments and give the findings and profiles: one before each of the first N measurement launches (default: 10, every one in a run of at most 10).",
            valueName: "N"))
    var diagnosisLaunches: Int?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "What the reports, dashboards and the history call the program (default: its file name), as hyperfine's -n.",
            valueName: "NAME"))
    var name: String?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "Launches before the measured ones, discarded.")
    var warmup: Int = 1

    @OptionGroup var launch: ProgramLaunchOptions

    @OptionGroup(title: "Readiness")
    var readiness: ReadinessOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @Option(help: "Budget file to check the run against (e.g. budgets.json).")
    var budgets: String?

    @OptionGroup var baselines: BaselineOptions

    @Option(
        help:
            "Folder for the run's files: a new or empty one (default: \(RunFolder.runsRoot)/<date-time>, linked as \(RunFolder.latestPath))."
    )
    var output: String?

    @OptionGroup var format: FormatOptions
    @OptionGroup var detail: VerboseOption

    @OptionGroup(title: "Exports") var exports: ExportOptions

    @Flag(help: "Add launches until every verdict is decisive or --max-runs is reached.")
    var adaptive = false

    @Option(help: "With --adaptive: the most measured launches (default: 60, or --runs when more).")
    var maxRuns: Int?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Measurement launches, one after each instrumented (diagnosis) launch: a program's with no instruments at all, timed only (its time to ready is theirs); an app's that writes its own trace with the probe's marks alone (every reported phase, span and total is theirs). The diagnosis launches give the findings and profiles, and the report says what the instruments cost."
    )
    var measurementLaunches = true

    @Option(
        help:
            "Launches with the loader's audit module alone (no tracer, no perf events), one after each of the first profiled launches, which give the breakdown of the time before main (default \(ProfilingPlan.defaultPreMainLaunches); 0, or --no-pre-main, for none)."
    )
    var preMainLaunches: Int = ProfilingPlan.defaultPreMainLaunches

    @Option(
        help:
            "Launches that may crash, hang, fail to start or give an invalid trace before the run fails with exit 3, counting the measurement, diagnosis and pre-main launches alike (default 0: any failed launch fails the run)."
    )
    var allowFailed: Int = 0

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @OptionGroup(title: "History")
    var history: RunHistoryOptions

    @OptionGroup(title: "Measured advice before main")
    var alternatives: AlternativeBuildOptions

    @Argument(parsing: .postTerminator, help: "The app's executable and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        let most = 100_000
        guard (1...most).contains(runs) else { throw ValidationError("--runs must be from 1 to \(most), not \(runs).") }
        guard (0...most).contains(warmup) else {
            throw ValidationError("--warmup must be from 0 to \(most), not \(warmup).")
        }
        if let name, name.allSatisfy(\.isWhitespace) { throw ValidationError("--name cannot be empty.") }
        if let diagnosisLaunches, !(1...runs).contains(diagnosisLaunches) {
            throw ValidationError("--diagnosis-launches must be from 1 to --runs (\(runs)), not \(diagnosisLaunches).")
        }
        guard (0...most).contains(preMainLaunches) else {
            throw ValidationError("--pre-main-launches must be from 0 to \(most), not \(preMainLaunches).")
        }
        if let maxRuns, !(runs...most).contains(maxRuns) {
            throw ValidationError("--max-runs must be from --runs (\(runs)) to \(most), not \(maxRuns).")
        }
        guard allowFailed >= 0 else { throw ValidationError("--allow-failed cannot be negative, not \(allowFailed).") }
    }

    func run() throws {
        var plan = try makePlan()
        try LaunchGuard.install()
        var specifications = [plan.launch]
        let session = try display.open(for: &specifications)
        defer { session?.close() }
        plan.launch = specifications[0]
        let folder = try RunFolder.create(at: output)
        if let package = alternatives.package, let product = alternatives.productName {
            Terminal.printError("launchprof: building \(product) in release (swift build)")
            plan.launch.executable = try AlternativeBuilds.buildPackage(path: package, product: product, in: folder.url)
        }
        let progress = ProgressReporter(total: runs, interactive: Terminal.stderrIsTerminal)
        var result = try launch.aroundLaunches {
            try ProfilingRun(plan: plan, folder: folder).run(progress: progress.show)
        }
        let failures = ResultOutputs(exports: exports, traces: result.traces).write(
            summary: result.summary, evaluation: &result.evaluation)
        // verdicts.json before the report, so that a report saying "exit 0" is never followed by
        // a failed write; written again only when the report could not be printed (exit 1).
        try result.writeVerdicts()
        let notPrinted = printReport(of: &result, folder: folder)
        if notPrinted != nil { try? result.writeVerdicts() }
        ResultOutputs.report(failures)
        printNotes(interruptedBy: result.interruptedBy, folder: folder)
        if let notPrinted { throw notPrinted }
        let code = result.evaluation.status
        if code != .success { throw ExitCode(code.rawValue) }
    }

    /// Prints the report in the chosen format to standard output.
    ///
    /// - Returns: the error when standard output cannot be written (the report is lost, the run's
    ///   files are kept in `folder`): the command ends with exit 1, which `verdicts.json` says.
    private func printReport(of result: inout ProfilingResult, folder: RunFolder) -> (any Error)? {
        do {
            try Terminal.write(
                try detail.render(
                    format,
                    summary: result.summary, evaluation: result.evaluation, colored: Terminal.stdoutIsTerminal),
                terminator: "")
            if format.format == .text { try Terminal.write("Run folder: \(folder.url.path)") }
        } catch let error as LaunchProfilerError where error.code == .writeFailed {
            result.evaluation.runStatus = .usageError
            return error.adding("The report was not printed; the run's files are in \(folder.url.path).")
        } catch {
            result.evaluation.runStatus = .usageError
            return error
        }
        return nil
    }

    /// The notes on standard error after the report: a pause of launchprof, an interruption.
    private func printNotes(interruptedBy signal: Int32?, folder: RunFolder) {
        if RunInterruption.continuedCount > 0 {
            Terminal.printError(
                "launchprof: note: launchprof was stopped and continued \(RunInterruption.continuedCount) time(s) during the run (SIGSTOP or SIGTSTP, then SIGCONT); a launch running meanwhile counts the pause in its times."
            )
        }
        if let signal {
            Terminal.printError(
                "launchprof: interrupted by signal \(signal); the launches so far are in \(folder.url.path).")
        }
    }

    /// The plan the options describe, with the budgets and baselines loaded.
    private func makePlan() throws -> ProfilingPlan {
        // With --package the program is the package's product, built once the run folder exists.
        let executable = alternatives.package != nil ? "" : try ExecutableResolver.resolve(command)
        var check = try baselines.check(budgets: budgets)
        check.history = try history.store.location()
        check.allowedFailures = allowFailed
        let specification = launch.specification(
            of: [executable] + (alternatives.package != nil ? command[...] : command.dropFirst()),
            readiness: try readiness.settings(),
            instruments: try instruments.settings()
        )
        var plan = ProfilingPlan(
            launch: specification, runs: runs, warmup: warmup,
            adaptive: adaptive ? AdaptiveStopping(maxRuns: maxRuns ?? max(60, runs)) : nil,
            budgets: check, generator: LaunchProf.generator
        )
        plan.history = try history.recording()
        plan.measurementLaunches = measurementLaunches
        plan.diagnosisLaunches = diagnosisLaunches
        plan.preMainLaunches = preMainLaunches
        plan.name = name
        plan.alternativeBuilds = try alternatives.builds(seed: UInt64.random(in: 0...UInt64.max))
        return plan
    }
}
