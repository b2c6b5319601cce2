/// An exclusive breakdown of one launch from exec to ready (or the first frame): intervals that
/// do not overlap, each with one reason, that add up to the launch's time.
///
/// Before `main` the intervals are the pre-main parts the loader's audit module timed; after
/// it, the launch's critical path (``BreakdownReason``): its stretches on a CPU split by whose
/// code the samples show, its runnable stretches, its blocked ones by what the thread blocked
/// in, and what no stretch explains.
package struct LaunchBreakdown: Codable, Sendable, Equatable {
    /// The launch's run index, when it has one.
    package var runIndex: Int?
    /// The launch's time to ready (or to its first frame), in nanoseconds: the intervals' sum.
    package var totalNs: Int64
    /// The intervals, in time order, adjacent ones of the same reason and detail merged.
    package var intervals: [BreakdownInterval]

    /// Creates a breakdown.
    package init(runIndex: Int?, totalNs: Int64, intervals: [BreakdownInterval]) {
        self.runIndex = runIndex
        self.totalNs = totalNs
        self.intervals = intervals
    }

    /// The time of each reason.
    package var timeByReason: [BreakdownReason: Int64] {
        intervals.reduce(into: [:]) { $0[$1.reason, default: 0] += $1.durationNs }
    }

    /// The time of `reason`.
    package func timeNs(_ reason: BreakdownReason) -> Int64 { timeByReason[reason] ?? 0 }

    /// The time of each library the program's code called into, by name.
    package var timeByLibrary: [String: Int64] {
        intervals.filter { $0.reason == .library }.reduce(into: [:]) {
            $0[$1.detail ?? "?", default: 0] += $1.durationNs
        }
    }
}
