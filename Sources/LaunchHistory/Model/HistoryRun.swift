import Foundation
import LaunchTrace

/// One recorded `launchprof run`: who ran what, where, and every metric of every scenario.
///
/// ```swift
/// let run = HistoryRun(summary: summary, evaluation: evaluation, revision: .detect(), recordedAt: now)
/// try store.record(run)
/// ```
package struct HistoryRun: Codable, Sendable, Equatable {
    /// A unique key: a UUID for a fresh run, a digest of `summary.json` for an imported one
    /// (importing the same folder twice records it once).
    package var key: String
    /// When it was recorded (ISO 8601, UTC); series are ordered by it.
    package var recordedAt: String
    /// The app's name.
    package var app: String
    /// The app's version, when known.
    package var appVersion: String?
    /// The source revision measured.
    package var revision: SourceRevision
    /// The machine it ran on.
    package var machine: MachineFingerprint
    /// The scenario the run was asked for.
    package var scenario: String
    /// The launches that gave the run's numbers (the summary's `runs`: its measurement
    /// launches, or its diagnosis launches when it made none).
    package var launches: Int
    /// Instrument settings and other run options, by name.
    package var settings: [String: String]
    /// Every metric of every scenario.
    package var metrics: [HistoryMetric]
    /// The budget verdicts, `rule title: status`.
    package var verdicts: [HistoryVerdict]

    /// Creates a recorded run.
    package init(
        key: String, recordedAt: String, app: String, appVersion: String? = nil, revision: SourceRevision,
        machine: MachineFingerprint, scenario: String, launches: Int, settings: [String: String] = [:],
        metrics: [HistoryMetric], verdicts: [HistoryVerdict] = []
    ) {
        self.key = key
        self.recordedAt = recordedAt
        self.app = app
        self.appVersion = appVersion
        self.revision = revision
        self.machine = machine
        self.scenario = scenario
        self.launches = launches
        self.settings = settings
        self.metrics = metrics
        self.verdicts = verdicts
    }
}

extension HistoryRun {
    /// `date` as ISO 8601 in UTC with milliseconds, which sorts as text.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
