import Foundation
import LaunchTrace

/// Everything the visual reports draw from: the run summary, the verdicts, the traces of the
/// completed launches and their named stacks (every profiled thread's, see ``MainThreadProfile``).
///
/// ```swift
/// let traces = try RunFolder(url: folder).loadTraces()
/// var naming = ImageOffsetNaming()
/// let input = ReportInput(summary: summary, evaluation: evaluation, traces: traces, naming: &naming)
/// ```
package struct ReportInput: Sendable {
    /// The run.
    package var summary: RunSummary
    /// The verdicts; empty when no budgets were given.
    package var evaluation: BudgetEvaluation
    /// Traces of the completed launches, in launch order, each with its run index set.
    package var traces: [LaunchTrace]
    /// The named stacks of each trace (the whole-launch profile's on every thread, else the
    /// main thread's activity), in the same order.
    package var profiles: [MainThreadProfile]
    /// The pictures of the launches' first frames, in launch order (``FramePicture``).
    package var framePictures: [FramePicture] = []

    /// Creates an input, profiling each trace with `naming`.
    package init(
        summary: RunSummary, evaluation: BudgetEvaluation, traces: [LaunchTrace], naming: inout some FrameNaming
    ) {
        self.summary = summary
        self.evaluation = evaluation
        self.traces = traces.enumerated().map { position, trace in
            var trace = trace
            if trace.runIndex == nil { trace.runIndex = position + 1 }
            return trace
        }
        profiles = self.traces.map { MainThreadProfile(trace: $0, naming: &naming) }
    }

    /// The launch whose time to first frame (else time to active, else end) is closest to the
    /// median: the run a waterfall shows by default. Ties go to the earlier launch.
    package var medianRunIndex: Int? {
        let keyed = traces.compactMap { trace -> (index: Int, value: Int64)? in
            guard let index = trace.runIndex else { return nil }
            return (index, trace.totals.timeToFirstFrameNs ?? trace.totals.timeToActiveNs ?? trace.ending.atNs)
        }
        guard !keyed.isEmpty else { return nil }
        let sorted = keyed.map(\.value).sorted()
        let median =
            sorted.count % 2 == 1
            ? Double(sorted[sorted.count / 2])
            : (Double(sorted[sorted.count / 2 - 1]) + Double(sorted[sorted.count / 2])) / 2
        return keyed.min { Swift.abs(Double($0.value) - median) < Swift.abs(Double($1.value) - median) }?.index
    }

    /// The trace of launch `index`.
    package func trace(run index: Int) -> LaunchTrace? {
        traces.first { $0.runIndex == index }
    }

    /// The profile of launch `index`.
    package func profile(run index: Int) -> MainThreadProfile? {
        profiles.first { $0.runIndex == index }
    }
}
