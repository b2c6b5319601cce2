import LaunchTrace

/// The time intervals of the main thread's traced blocking calls, for finding whether an
/// instant of the whole-launch profile lies in one (and so is already counted by the call).
struct TracedCallIntervals {
    /// Call starts, sorted.
    private let starts: [Int64]
    /// The latest end of the calls up to each start (a call may lie inside a longer one).
    private let ends: [Int64]

    init(_ calls: [BlockingCall]) {
        let sorted = calls.map { ($0.startNs, $0.startNs.saturatingAdd(max(0, $0.durationNs))) }.sorted { $0.0 < $1.0 }
        starts = sorted.map(\.0)
        var latest = Int64.min
        ends = sorted.map { interval in
            latest = max(latest, interval.1)
            return latest
        }
    }

    /// Whether `time` lies inside one of the calls (start included, end excluded).
    func contains(_ time: Int64) -> Bool {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low > 0 && time < ends[low - 1]
    }
}
