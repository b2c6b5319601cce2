import LaunchRunner
import LaunchTrace

/// What a profiling run does: how the program is launched, how many launches, whether to add
/// launches until the verdicts decide, and the budgets.
package struct ProfilingPlan: Sendable, Equatable {
    /// How every launch is made: the program, its settings and its instruments.
    package var launch: LaunchSpecification
    /// Measured launches (before adaptive ones).
    package var runs: Int
    /// Launches before the measured ones, discarded.
    package var warmup: Int
    /// Measurement launches (``LaunchTrace/LaunchKind/measurement``), interleaved with the
    /// diagnosis launches: a program's carry nothing, an app's the probe's marks alone; they give
    /// every reported time; `--no-measurement-launches` turns them off (then ``runs`` are all
    /// diagnosis launches).
    package var measurementLaunches = true
    /// With measurement launches, how many of the ``runs`` are preceded by a diagnosis launch
    /// (the instruments: findings, profiles), from the first; nil: ``defaultDiagnosisLaunches``
    /// (every one in a run of at most that many).
    package var diagnosisLaunches: Int?

    /// The default number of diagnosis launches: enough for the findings' medians, and a fixed
    /// cost, so that a longer run adds only measurement launches (Benchmarks/README.md, the
    /// run's own cost).
    package static let defaultDiagnosisLaunches = 10
    /// Pre-main launches (``LaunchTrace/LaunchKind/preMain``: the loader's audit module alone),
    /// one after each profiled launch up to this many, which give the breakdown of the time
    /// before `main`; none without the audit module (`--no-pre-main`).
    package var preMainLaunches = ProfilingPlan.defaultPreMainLaunches

    /// The default number of pre-main launches.
    package static let defaultPreMainLaunches = 10
    /// Adding launches while a verdict is inconclusive, or nil for exactly ``runs``.
    package var adaptive: AdaptiveStopping?
    /// The budgets and baselines the run is checked against.
    package var budgets: BudgetCheck
    /// The generator named in `report.html` (e.g. "launchprof 0.1.0").
    package var generator: String
    /// Where the run is recorded when it ends (`nil`: `--no-history`).
    package var history: HistoryRecording?
    /// What reports, dashboards and the history call the program (`--name`); `nil`: the
    /// executable's file name. Two commands of one program (`swift-format --version`,
    /// `swift-format format big.swift`) need two names to be two series in the history.
    package var name: String?
    /// How to build the changes the pre-main advice names, to measure each saving
    /// (`--package`, `--build`); nil: the savings are estimated.
    package var alternativeBuilds: AlternativeBuilds?

    /// Creates a plan.
    package init(
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
