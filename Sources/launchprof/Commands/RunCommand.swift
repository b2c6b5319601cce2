import ArgumentParser
import Foundation
import LaunchAnalysis
import LaunchReports
import LaunchRunner
import LaunchTrace

/// `launchprof run`: launches an app repeatedly, summarises every metric and checks budgets.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Launch an app repeatedly, summarise its launch metrics and check them against budgets.",
        discussion: """
            Each launch gets LAUNCHPROF_SPAWN_NS (the clock just before the spawn), LAUNCHPROF_TRACE, \
            LAUNCHPROF_EXIT_AFTER and LAUNCHPROF_SCENARIO. The output folder receives one trace per \
            launch, launches.json (every launch, whatever its outcome), summary.json and report.html.

            Exit codes: 0 pass, 1 usage or internal error, 2 budget exceeded, 3 the app failed to \
            launch or measured nothing, 4 inconclusive.
            """
    )

    @Option(help: "Measured launches.")
    var runs: Int = 10

    @Option(help: "Launches before the measured ones, discarded.")
    var warmup: Int = 1

    @Option(help: "Scenario: warm, cold (page cache evicted before each launch) or resume (background and back).")
    var scenario: Scenario = .warm

    @Option(help: "Seconds after which a launch that has not ended is killed and reported as timed out.")
    var timeout: Double = 30

    @Option(help: "Budget file to check the run against (e.g. budgets.json).")
    var budgets: String?

    @Option(help: "Baseline that relative (+N%) rules compare against, overriding the rules' own.")
    var baseline: String?

    @Option(help: "Folder for the run's files (default: .launchprof/runs/<date-time>, linked as .launchprof/runs/latest).")
    var output: String?

    @Option(help: "Output format: text, json, markdown or junit.")
    var format: ReportFormat = .text

    @Option(help: "Where each launch ends (default: active; resumed for resume).")
    var exitAfter: ExitPoint?

    @Flag(help: "Add launches until every verdict is decisive or --max-runs is reached.")
    var adaptive = false

    @Option(help: "With --adaptive: the most measured launches.")
    var maxRuns: Int = 60

    @Option(help: "Folder of saved baselines.")
    var baselines: String = ".launchprof/baselines"

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Argument(parsing: .postTerminator, help: "The app's executable and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1.") }
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds.") }
        guard maxRuns >= runs else { throw ValidationError("--max-runs must be at least --runs.") }
    }

    func run() throws {
        let executable = try ExecutableResolver.resolve(command)
        let check = try BudgetCheck(budgetsPath: budgets, baseline: baseline, store: BaselineStore(directory: URL(filePath: baselines)))
        let folder = try RunFolderLocation.make(output)
        var plan = RunPlan(
            executable: executable, arguments: Array(command.dropFirst()), runs: runs, warmup: warmup,
            scenario: scenario, timeoutSeconds: timeout, outputDirectory: folder, exitAfter: exitAfter
        )
        plan.instruments = try instruments.settings()
        let session: LaunchSession
        do {
            session = try LaunchSession(plan: plan)
        } catch {
            throw CLIError(error.description)
        }
        let progress = ProgressReporter(total: runs, interactive: Terminal.stderrIsTerminal)
        let date = ISO8601DateFormatter().string(from: Date())
        if warmup > 0 {
            progress.note("warming up: \(warmup) launch\(warmup == 1 ? "" : "es")")
            session.warmUp()
        }

        var traces: [LaunchTrace] = []
        func launch() {
            let result = session.launchNext()
            if let trace = result.trace { traces.append(trace) }
            progress.launched(result)
            let manifest = RunManifest(
                appPath: executable, scenario: scenario, runs: session.results.count, warmup: warmup,
                date: date, launches: session.results.map(\.record)
            )
            // Written after every launch: a run that is interrupted keeps what it measured.
            try? manifest.write(to: folder.appendingPathComponent(RunManifest.fileName))
        }
        for _ in 0..<runs { launch() }

        func summarize() -> RunSummary {
            let info = RunInfo(appPath: executable, scenario: scenario, runs: session.results.count, warmup: warmup, date: date)
            return RunSummary.build(info: info, records: session.results.map(\.record), traces: traces)
        }
        var summary = summarize()
        var evaluation = check.evaluate(summary)
        if adaptive {
            while !evaluation.isDecisive, session.results.count < maxRuns {
                let batch = min(5, maxRuns - session.results.count)
                progress.note("adaptive: \(evaluation.inconclusiveVerdicts.count) verdict(s) inconclusive after \(session.results.count) launches; adding \(batch)")
                progress.extend(by: batch)
                for _ in 0..<batch { launch() }
                summary = summarize()
                evaluation = check.evaluate(summary)
            }
        }
        progress.finish()
        if let evictor = session.evictor, !session.evictions.isEmpty {
            let evicted = session.evictions.map(\.evictedBytes).sorted()[session.evictions.count / 2]
            let stayed = session.evictions.map(\.residentAfterBytes).sorted()[session.evictions.count / 2]
            progress.note("cold: before each launch \(Self.mb(evicted)) of the app's \(evictor.files.count) files were evicted from the page cache (median); \(Self.mb(stayed)) stayed resident because running processes map them.")
        }

        FindingsStep.attach(to: &summary, traces: traces)
        evaluation = check.evaluate(summary)
        try summary.write(to: folder.appendingPathComponent("summary.json"))
        try JSONReport(summary: summary, evaluation: evaluation).write(to: folder.appendingPathComponent("verdicts.json"))
        do {
            try ReportCommand.writeHTML(summary: summary, evaluation: evaluation, traces: traces, to: folder.appendingPathComponent("report.html"))
        } catch {
            Terminal.printError("launchprof: report.html was not written: \(error)")
        }
        print(try format.render(summary: summary, evaluation: evaluation, colored: Terminal.stdoutIsTerminal), terminator: "")
        if format == .text {
            print("\nRun folder: \(folder.path)")
        }
        let code = evaluation.exitCode
        if code != .success { throw ExitCode(code.rawValue) }
    }

    static func mb(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}
