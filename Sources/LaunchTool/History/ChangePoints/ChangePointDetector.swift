/// Change points of a series by E-divisive means with a t-test, the algorithm of Apache Otava
/// (Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance Regressions",
/// ICPE 2023):
///
/// 1. Split: slide a window of ``ChangePointOptions/window`` runs (step half a window); in each,
///    split recursively at the point maximising the energy statistic while the t-test between
///    the two sides passes the relaxed p-value. The union is the "weak" change points.
/// 2. Merge: each point is tested between its neighbours, its t-test's p-value multiplied by the
///    number of splits between them (the split was chosen as the best of those; not in Otava,
///    whose unadjusted p-value lets about one year-long series of noise in twenty raise points).
///    First drop points closer than ``ChangePointOptions/minSegment`` runs to a
///    neighbour or an end (the least significant first; not in Otava), then, while a change point's t-test (between its neighbours) fails
///    ``ChangePointOptions/maxPValue``, or its effect is at most ``ChangePointOptions/minEffect``,
///    remove the weakest and re-test its neighbours.
/// 3. Refine (not in Otava): move each point to the maximum-likelihood location of a mean
///    shift between its neighbours (``refined(_:series:)``), then merge again.
///
/// ```swift
/// let points = ChangePointDetector().changePoints(in: nightlyMedians)
/// // [DetectedChangePoint(index: 200, comparison: …)]
/// ```
///
/// One deviation: after removing a point, Otava re-tests the points at the removed position and
/// the one after; this re-tests every remaining point, so both neighbours (before and after),
/// which the removal changes, are up to date.
package struct ChangePointDetector: Sendable {
    /// The settings.
    package var options: ChangePointOptions

    /// Creates a detector.
    package init(options: ChangePointOptions = ChangePointOptions()) {
        self.options = options
    }

    /// The change points of `series`, by index (the first run after the change).
    package func changePoints(in series: [Double]) -> [DetectedChangePoint] {
        var points = merge(split(series), series: series)
        while true {
            let refined = refined(points, series: series)
            let merged = merge(refined, series: series)
            if merged.count == refined.count { return merged }
            points = merged
        }
    }

    /// The weak change points, tested against their neighbours in the whole series.
    func split(_ series: [Double]) -> [DetectedChangePoint] {
        var indices = Set<Int>()
        var start = 0
        let step = options.window / 2
        while start < series.count {
            let end = min(start + options.window, series.count)
            let found = windowChangePoints(Array(series[start..<end])).map { $0 + start }
            indices.formUnion(found)
            start = max(found.max() ?? 0, start + step)
        }
        return Self.tested(indices.sorted(), in: series)
    }

    /// The recursive E-divisive split of one window, at the relaxed p-value.
    /// Each interval's candidate is computed once: a split leaves the other intervals as they were.
    func windowChangePoints(_ window: [Double]) -> [Int] {
        let energy = EnergyDistance(window)
        var points: [Int] = []
        var candidates: [Range<Int>: (index: Int, qhat: Double)] = [:]
        while true {
            let bounds = [0] + points + [window.count]
            let intervals = zip(bounds, bounds.dropFirst()).map { $0..<$1 }.filter { $0.count > 1 }
            for interval in intervals where candidates[interval] == nil {
                candidates[interval] = energy.candidate(in: interval)
            }
            guard
                let best = intervals.map({ (interval: $0, candidate: candidates[$0]!) }).max(by: {
                    $0.candidate.qhat < $1.candidate.qhat
                })
            else { break }
            let split = best.candidate.index
            let comparison = SegmentComparison(
                window[best.interval.lowerBound..<split], window[split..<best.interval.upperBound])
            guard comparison.pValue <= options.firstPassPValue else { break }
            points.append(split)
            points.sort()
        }
        return points
    }

    /// The merge step.
    func merge(_ weak: [DetectedChangePoint], series: [Double]) -> [DetectedChangePoint] {
        var points = weak
        while let short = shortSegmentPoint(points, count: series.count) {
            points.remove(at: short)
            points = Self.tested(points.map(\.index), in: series)
        }
        while !points.isEmpty {
            var weakest = points.indices.max { points[$0].comparison.pValue < points[$1].comparison.pValue }!
            if points[weakest].comparison.pValue < options.maxPValue {
                weakest = points.indices.min { points[$0].comparison.magnitude < points[$1].comparison.magnitude }!
                if points[weakest].comparison.magnitude > options.minEffect { return points }
            }
            points.remove(at: weakest)
            points = Self.tested(points.map(\.index), in: series)
        }
        return points
    }

    /// The position of the least significant point with a segment shorter than
    /// ``ChangePointOptions/minSegment`` on either side, if any.
    func shortSegmentPoint(_ points: [DetectedChangePoint], count: Int) -> Int? {
        let bounds = [0] + points.map(\.index) + [count]
        let short = points.indices.filter {
            bounds[$0 + 1] - bounds[$0] < options.minSegment || bounds[$0 + 2] - bounds[$0 + 1] < options.minSegment
        }
        return short.max { points[$0].comparison.pValue < points[$1].comparison.pValue }
    }

    /// Each of the sorted `indices` tested between its neighbours, its p-value adjusted for the
    /// choice among every split between them (``SegmentComparison/pValue``).
    static func tested(_ indices: [Int], in series: [Double]) -> [DetectedChangePoint] {
        let bounds = [0] + indices + [series.count]
        return indices.enumerated().map { offset, index in
            let before = series[bounds[offset]..<index]
            let after = series[index..<bounds[offset + 2]]
            let comparison = SegmentComparison(before, after, splits: before.count + after.count - 1)
            return DetectedChangePoint(index: index, comparison: comparison)
        }
    }
}

/// A change point: the index of the first value after the change, and the t-test between the
/// segments on either side (up to the neighbouring change points).
package struct DetectedChangePoint: Codable, Sendable, Equatable {
    /// The first index after the change.
    package var index: Int
    /// The segments compared.
    package var comparison: SegmentComparison
}
