import LaunchRunner
import LaunchTrace

/// The measurement launches of one scenario of a program that writes no trace: started with nothing
/// preloaded, no perf events and no `LAUNCHPROF_` variables, and timed only, from just before the
/// process is created to readiness, as `hyperfine` times a command (Jetpack Macrobenchmark keeps its traced
/// iterations apart from its timed ones the same way). The scenario's time to ready comes from
/// them; the profiled launches give the phases, their thread state and the profile, and the
/// difference of the two medians is what the instruments cost the program.
package struct MeasurementLaunchesSummary: Codable, Sendable, Equatable {
    /// Measurement launches that completed.
    package var launches: Int
    /// Median time to ready of the measurement launches, in nanoseconds.
    package var medianNs: Double
    /// Median time to ready of the profiled launches, in nanoseconds.
    package var profiledMedianNs: Double
    /// What the instruments added to the median: profiled minus timing, in nanoseconds. The
    /// measurement launches are timed from just before the process is created, the profiled ones from
    /// their release at exec, so this leaves the process's creation (about 0.1 ms) out of the cost.
    package var instrumentsCostNs: Double
    /// The same as a fraction of the timing median (0.05 for 5 %).
    package var instrumentsCostFraction: Double
    /// The 95 % interval of what the instruments added (the Hodges–Lehmann shift from the
    /// measurement launches to the diagnosis launches, ``HodgesLehmann/interval(from:to:confidence:)``),
    /// nil when there are too few launches for one. When it holds zero, the cost cannot be told
    /// from the machine's noise, and the reports say so instead of printing a cost.
    package var instrumentsCostInterval: ConfidenceInterval?
    /// The metric the medians are of when the measurement launches wrote their own traces with
    /// the probe's marks alone: `timeToFirstFrame` (an app) or `timeToReady` (a LaunchProbe
    /// program, an app launched in the background). `nil` for a program's measurement launches,
    /// timed to readiness with nothing loaded.
    package var metric: MetricName?

    /// The summary of measurement launches whose times to ready are `timing`, beside profiled
    /// launches whose times to ready are `profiled`; nil when either is empty.
    package init?(timing: [Double], profiled: [Double], metric: MetricName? = nil) {
        self.metric = metric
        guard !timing.isEmpty, !profiled.isEmpty else { return nil }
        launches = timing.count
        medianNs = Descriptive.median(timing)
        profiledMedianNs = Descriptive.median(profiled)
        instrumentsCostNs = profiledMedianNs - medianNs
        instrumentsCostFraction = medianNs > 0 ? instrumentsCostNs / medianNs : 0
        instrumentsCostInterval = HodgesLehmann.interval(from: timing, to: profiled)
    }

    /// Whether the instruments' cost is told apart from the noise: its interval lies wholly
    /// above zero (nil: too few launches to tell).
    package var instrumentsCostIsMeasured: Bool {
        instrumentsCostInterval.map { $0.lower > 0 } ?? false
    }

    /// The time to ready of each completed measurement launch of `scenario` among `records`, with its index.
    static func times(of records: [LaunchRecord], scenario: String) -> (values: [Double], indices: [Int]) {
        let completed = records.filter { $0.scenario.rawValue == scenario && $0.outcome == .completed }
        return (completed.map { Double($0.readyNs ?? $0.wallNs) }, completed.map(\.index))
    }
}
