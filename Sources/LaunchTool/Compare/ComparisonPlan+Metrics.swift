import Foundation
import LaunchRunner
import LaunchTrace

extension ComparisonPlan {
    /// The plan with the metrics that fit the program, when none was named, from one launch of
    /// base: a LaunchKit app compares its time to the first frame; a LaunchProbe program its
    /// time to ready; a program that writes no trace its time to ready in measurement launches (no
    /// instruments at all, as hyperfine times a command), both builds alike.
    ///
    /// - Throws: ``LaunchProfilerError`` when that launch gives no trace (it failed).
    func resolvingMetrics(launcher: any Launcher) throws -> ComparisonPlan {
        let files = RunFolder.standaloneFiles(requested: nil)
        defer {
            try? FileManager.default.removeItem(at: files.traceURL)
            try? FileManager.default.removeItem(at: files.stderrURL)
        }
        let result = launcher.launch(LaunchRequest(base, files: files, index: 1))
        guard let trace = result.trace else {
            let reason = result.record.message ?? "It gave no trace."
            throw LaunchProfilerError.workflow(
                "The base build's first launch failed, so the metrics to compare cannot be chosen: \(reason)",
                exitStatus: .launchFailed)
        }
        var plan = self
        if [.exited, .readyConditionMet].contains(trace.ending.reason) {
            plan.metrics = [.timeToReady]
            if !diagnosesPrograms {
                plan.base = base.carrying(.none)
                plan.head = head.carrying(.none)
            }
        } else {
            plan.metrics = trace.app.interface == .none ? [.timeToReady] : [.timeToFirstFrame]
        }
        return plan
    }
}
