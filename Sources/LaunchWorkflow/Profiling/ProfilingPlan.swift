import LaunchRunner
import LaunchTrace

/// What a profiling run does: how the program is launched, how many launches, whether to add
/// launches until the verdicts decide, and the budgets.
public struct ProfilingPlan: Sendable, Equatable {
    /// How every launch is made: the program, its settings and its instruments.
    public var launch: LaunchSpecification
    /// Measured launches (before adaptive ones).
    public var runs: Int
    /// Launches before the measured ones, discarded.
    public var warmup: Int
    /// For a program that writes no trace, as many timing launches as profiled ones
    /// (``LaunchRunner/LaunchKind/timing``), which give the time to ready;
    /// `--no-timing-launches` turns them off. LaunchKit and LaunchProbe apps have none.
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
        launch: LaunchSpecification, runs: Int = 10, warmup: Int = 1, adaptive: AdaptiveStopping? = nil,
        budgets: BudgetCheck, generator: String
    ) {
        self.launch = launch
        self.runs = runs
        self.warmup = warmup
        self.adaptive = adaptive
        self.budgets = budgets
        self.generator = generator
    }
}
