import Foundation
import LaunchHistory
import LaunchTrace

/// Where and how a run is remembered: the store's location and what is known of the source.
///
/// ```swift
/// plan.history = HistoryRecording(location: try .resolve(nil), revision: .detect())
/// ```
package struct HistoryRecording: Sendable, Equatable {
    /// The store.
    package var location: HistoryLocation
    /// The commit and branch measured.
    package var revision: SourceRevision
    /// The app's version, when given.
    package var appVersion: String?

    /// Creates a recording.
    package init(location: HistoryLocation, revision: SourceRevision, appVersion: String? = nil) {
        self.location = location
        self.revision = revision
        self.appVersion = appVersion
    }

    /// Records the finished run; the run's record on success. A wait for another writer's
    /// lock ends when `giveUp` returns true.
    ///
    /// - Throws: ``LaunchProfilerError`` when the store cannot be opened or written.
    package func record(
        summary: RunSummary, evaluation: BudgetEvaluation, plan: ProfilingPlan,
        giveUp: @escaping @Sendable () -> Bool = { false }
    ) throws(LaunchProfilerError) -> HistoryRun {
        let run = HistoryRun(
            summary: summary, evaluation: evaluation, revision: revision, appVersion: appVersion,
            settings: plan.historySettings)
        let store = try location.open(giveUp: giveUp)
        defer { store.close() }
        try store.record(run)
        return run
    }
}

extension ProfilingPlan {
    /// The run's settings as the history keeps them.
    var historySettings: [String: String] {
        let instruments = launch.instruments
        var settings = [
            "runs": "\(runs)", "warmup": "\(warmup)", "timeoutSeconds": "\(launch.timeoutSeconds)",
            "sampler": instruments.sampler.rawValue, "profile": "\(instruments.profile)",
            "profileRateHz": instruments.adaptiveProfileRate ? "adaptive" : "\(instruments.profileRateHz)",
        ]
        settings["exitAfter"] = launch.exitAfter?.rawValue
        settings["stallMs"] = instruments.stallMs.map(String.init)
        settings["sampleMs"] = instruments.sampleMs.map(String.init)
        settings["blockingMs"] = instruments.blockingMs.map { "\($0)" }
        settings["adaptiveMaxRuns"] = adaptive.map { "\($0.maxRuns)" }
        return settings
    }
}
