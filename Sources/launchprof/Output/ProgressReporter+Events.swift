import Foundation
import LaunchTool

extension ProgressReporter {
    /// Renders one event of a profiling run.
    func show(_ event: ProfilingEvent) {
        switch event {
        case .warmingUp(let launches):
            note("warming up: \(launches) launch\(launches == 1 ? "" : "es")")
        case .launched(let result):
            launched(result)
        case .addingLaunches(let count, let inconclusive, let launches):
            note("adaptive: \(inconclusive) verdict(s) inconclusive after \(launches) launches; adding \(count)")
            extend(by: count)
        case .launchesFinished:
            finish()
        case .buildingAlternative(let kind, let command):
            note("measuring the advice \(kind): building it (\(command)), then comparing it with the program")
        case .note(let note):
            show(note)
        }
    }

    private func show(_ profilingNote: ProfilingNote) {
        switch profilingNote {
        case .evictions(let evictions):
            note(
                "cold: before each launch \(Self.mb(evictions.medianEvictedBytes)) of the app's \(evictions.fileCount) files were evicted from the page cache (median); \(Self.mb(evictions.medianResidentBytes)) stayed resident because running processes map them."
            )
        case .reportNotWritten(let reason):
            Terminal.printError("launchprof: report.html was not written: \(reason)")
        case .historyNotRecorded(let reason):
            Terminal.printError("launchprof: the run was not recorded in the history: \(reason)")
        case .stoppedNeverReady(let timedOut, let timeout):
            Terminal.printError(
                "launchprof: stopped after \(timedOut) launches: each timed out after \(String(format: "%g", timeout)) s before the program was ready, and none was ready; the other launches were not made (the report says what the program was waiting for)."
            )
        case .historyRecorded(let location):
            note("recorded in the history at \(location).")
        }
    }

    static func mb(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}
