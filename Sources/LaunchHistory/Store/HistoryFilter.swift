import Foundation

/// Which runs a query returns: every field that is set must match.
package struct HistoryFilter: Sendable, Equatable {
    /// The app's name.
    package var app: String?
    /// The run's scenario.
    package var scenario: String?
    /// The machine class (``MachineFingerprint/machineClass``).
    package var machineClass: String?
    /// Only the newest runs, this many (still returned oldest first).
    package var lastRuns: Int?
    /// Whether every launch's values are loaded (summaries only otherwise, which is faster).
    package var includeValues: Bool

    /// Creates a filter.
    package init(
        app: String? = nil, scenario: String? = nil, machineClass: String? = nil, lastRuns: Int? = nil,
        includeValues: Bool = false
    ) {
        self.app = app
        self.scenario = scenario
        self.machineClass = machineClass
        self.lastRuns = lastRuns
        self.includeValues = includeValues
    }

    /// The conditions as `column = ?` terms and their values, in order.
    var conditions: [(column: String, value: String)] {
        [("app", app), ("scenario", scenario), ("machine_class", machineClass)].compactMap { term in
            term.1.map { (term.0, $0) }
        }
    }
}

/// What `history prune` keeps: runs newer than ``keepDays`` days and/or the newest ``keepRuns``
/// runs of each app, scenario and machine class. With both set, a run is kept when either keeps it.
package struct HistoryRetention: Sendable, Equatable {
    /// Keep runs recorded within this many days.
    package var keepDays: Int?
    /// Keep this many newest runs per app, scenario and machine class.
    package var keepRuns: Int?
    /// The cut-off for ``keepDays``, ISO 8601 (computed by the caller from "now").
    package var cutoff: String?

    /// Creates a retention; `now` fixes the day cut-off.
    package init(keepDays: Int? = nil, keepRuns: Int? = nil, now: Date = Date()) {
        self.keepDays = keepDays
        self.keepRuns = keepRuns
        cutoff = keepDays.map { HistoryRun.timestamp(now.addingTimeInterval(-Double($0) * 86_400)) }
    }
}
