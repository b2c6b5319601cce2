import LaunchRunner
import LaunchTrace

/// Everything a run measured: what ran, every launch with its outcome, and per scenario
/// and metric the statistics and the raw samples, so a summary can be checked again
/// against other budgets or saved as a baseline.
///
/// ```swift
/// let summary = try RunFolder(url: URL(filePath: ".launchprof/runs/latest")).loadSummary()
/// summary.metric(.timeToFirstFrame, scenario: .warm)?.statistics.median
/// ```
package struct RunSummary: Codable, Sendable, Equatable {
    /// The format version this library reads and writes.
    package static let currentSchemaVersion = 2
    /// The older versions still read: 1 named the measurement launches `timingLaunches`.
    package static let upgrades = [SchemaUpgrade(from: 1, renamedKeys: ["timingLaunches": "measurementLaunches"])]

    /// Format version.
    package var schemaVersion: Int
    /// What was run.
    package var run: RunInfo
    /// Every measured launch, whatever its outcome.
    package var launches: [LaunchRecord]
    /// The measurement launches (no instruments, only timed), when the run made them; nil otherwise.
    package var measurementLaunches: [LaunchRecord]?
    /// The pre-main launches, each record with its breakdown, when the run made them.
    package var preMainLaunches: [LaunchRecord]?
    /// Per scenario name, the metrics of its completed launches.
    package var scenarios: [String: ScenarioSummary]
    /// Findings with advice, on any thread the launch waited for (see ``FindingsAnalyzer``); nil until computed, or
    /// when no launch recorded main-thread activity.
    package var findings: RunFindings?
    /// What else used the CPU during the launches; nil in files written before it was recorded.
    package var machineLoad: MachineLoad?

    /// Creates a summary from its parts.
    package init(
        schemaVersion: Int = RunSummary.currentSchemaVersion, run: RunInfo, launches: [LaunchRecord],
        scenarios: [String: ScenarioSummary], findings: RunFindings? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.run = run
        self.launches = launches
        self.scenarios = scenarios
        self.findings = findings
    }

    /// The summary of `name` in `scenario`, if any completed launch reported it.
    package func metric(_ name: MetricName, scenario: Scenario) -> MetricSummary? {
        scenarios[scenario.rawValue]?.metrics[name.rawValue]
    }

    /// Every launch `--allow-failed` judges: the diagnosis launches, the measurement launches and
    /// the pre-main launches (a measurement launch that fails is a failed launch too).
    package var judgedLaunches: [LaunchRecord] {
        launches + (measurementLaunches ?? []) + (preMainLaunches ?? [])
    }

    /// How many of ``judgedLaunches`` completed.
    package var judgedCompletedCount: Int {
        judgedLaunches.filter { $0.outcome == .completed }.count
    }

    /// Launches that completed with a trace.
    package var completedLaunchCount: Int {
        launches.filter { $0.outcome == .completed }.count
    }

    /// How many launches ended each way, e.g. `[.completed: 19, .crashed: 1]`.
    package var outcomeCounts: [LaunchRecord.Outcome: Int] {
        launches.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
    }
}
