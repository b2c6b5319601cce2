import LaunchTrace

/// The metrics of the completed launches of one scenario.
package struct ScenarioSummary: Codable, Sendable, Equatable {
    /// The scenario's name.
    package var scenario: String
    /// Launches of this scenario that completed with a trace.
    package var completedLaunches: Int
    /// Metrics by name; a metric no launch reported is absent.
    package var metrics: [String: MetricSummary]
    /// The phases of these launches in the order they ran, when they are not the app-delegate
    /// path's UIKit phases (a scene-based app, a program that writes no trace, or one that
    /// names its own phases); `nil` for a LaunchKit app on the app-delegate path.
    package var phases: [PhaseName]?
    /// The measurement launches, when the run made them (a program that writes no trace): the
    /// `timeToReady` metric is theirs (its outlier indices count the measurement launches), every
    /// other metric the profiled launches'.
    package var timing: MeasurementLaunchesSummary?
    /// What happened before `main` in these launches, object by object, and the advice that
    /// applies (when the loader's audit module ran).
    package var preMain: PreMainSummary?

    /// Creates a scenario summary.
    package init(scenario: String, completedLaunches: Int, metrics: [String: MetricSummary]) {
        self.scenario = scenario
        self.completedLaunches = completedLaunches
        self.metrics = metrics
    }

    /// The phases of `traces` in launch order (first seen first), or `nil` when they are all the
    /// app-delegate path's UIKit phases (a scene-based app's are listed, as a program's are).
    static func programPhases(of traces: [LaunchTrace]) -> [PhaseName]? {
        var order: [PhaseName] = []
        for trace in traces {
            for record in trace.phases where !order.contains(record.phase) { order.append(record.phase) }
        }
        return order.allSatisfy { PhaseName.uikit.contains($0) } ? nil : order
    }

    /// The rows of the phase tables and charts: these launches' phases, then the totals.
    package var phasesThenTotals: [MetricName] {
        phases.map { MetricName.phasesThenTotals($0) } ?? MetricName.phasesThenTotals
    }
}
