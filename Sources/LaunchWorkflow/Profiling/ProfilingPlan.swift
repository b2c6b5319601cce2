import LaunchRunner
import LaunchTrace

/// What a profiling run does: the app, how many launches under which scenario and
/// instruments, whether to add launches until the verdicts decide, and the budgets.
public struct ProfilingPlan: Sendable, Equatable {
    /// Absolute path of the app's executable.
    public var executable: String
    /// Arguments passed to the app.
    public var arguments: [String]
    /// Extra environment for the app.
    public var environment: [String: String]
    /// Measured launches (before adaptive ones).
    public var runs: Int
    /// Launches before the measured ones, discarded.
    public var warmup: Int
    /// Scenario of every launch.
    public var scenario: Scenario
    /// Seconds after which a launch is killed.
    public var timeoutSeconds: Double
    /// Where each launch ends, or nil for the scenario's default.
    public var exitAfter: ExitPoint?
    /// The main-thread instruments of every launch.
    public var instruments: InstrumentSettings
    /// When each launch counts as ready (`--ready-when`) and how it is ended afterwards.
    public var readiness = ReadinessSettings()
    /// For a program that writes no trace, as many timing launches as profiled ones (nothing
    /// loaded, no perf events; ``LaunchRunner/LaunchRequest/timingOnly``), which give the time to
    /// ready; `--no-timing-launches` turns them off. LaunchKit and LaunchProbe apps have none.
    public var timingLaunches = true
    /// Adding launches while a verdict is inconclusive, or nil for exactly ``runs``.
    public var adaptive: AdaptiveStopping?
    /// The budgets and baselines the run is checked against.
    public var budgets: BudgetCheck
    /// The generator named in `report.html` (e.g. "launchprof 0.1.0").
    public var generator: String
    /// Where the run is recorded when it ends (`nil`: `--no-history`).
    public var history: HistoryRecording?

    /// Creates a plan.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String] = [:], runs: Int = 10, warmup: Int = 1, scenario: Scenario = .warm,
        timeoutSeconds: Double = 30, exitAfter: ExitPoint? = nil, instruments: InstrumentSettings = InstrumentSettings(),
        adaptive: AdaptiveStopping? = nil, budgets: BudgetCheck, generator: String
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.runs = runs
        self.warmup = warmup
        self.scenario = scenario
        self.timeoutSeconds = timeoutSeconds
        self.exitAfter = exitAfter
        self.instruments = instruments
        self.adaptive = adaptive
        self.budgets = budgets
        self.generator = generator
    }

    /// The runner's plan for the launches into `folder`.
    func runPlan(into folder: RunFolder) -> RunPlan {
        var plan = RunPlan(
            executable: executable, arguments: arguments, environment: environment, runs: runs, warmup: warmup, scenario: scenario,
            timeoutSeconds: timeoutSeconds, outputDirectory: folder.url, exitAfter: exitAfter
        )
        plan.instruments = instruments
        plan.readiness = readiness
        return plan
    }
}
