import LaunchTrace

/// Where a comparison's time went: every part of the launch (``MetricName/isLaunchPart``)
/// compared with the same sequential test on the same blocks as the decision, at the error rate
/// split over the parts, so that a regression is localised to the parts that moved.
package struct ComparisonParts: Codable, Sendable, Equatable {
    /// The parts' test.
    package private(set) var test: SequentialComparison

    /// The parts among `names` (the metrics one block measured), less those the decision compares.
    package init(names: some Sequence<MetricName>, compared: [MetricName], settings: ComparisonSettings) {
        let parts = Set(names).filter { $0.isLaunchPart }.subtracting(compared).sorted()
        test = SequentialComparison(metrics: parts, settings: settings)
    }

    /// Adds one block, as ``SequentialComparison/add(base:head:)``.
    package mutating func add(base: [[MetricName: Double]], head: [[MetricName: Double]]) {
        test.add(base: base, head: head)
    }

    /// The parts that moved (regressed or improved), the largest change of the median first.
    package var moved: [MetricComparison] {
        test.metrics.filter { $0.decision == .regressed || $0.decision == .improved }
            .sorted { abs($0.medianChange) > abs($1.medianChange) }
    }

    /// The part that most likely moved when none is decided: the one whose mean log-ratio is
    /// the most half-widths of its interval away from zero (nil before two blocks, or when a
    /// part is decided: then ``moved`` names it).
    package var likeliest: MetricComparison? {
        guard moved.isEmpty else { return nil }
        let scored = test.metrics.compactMap { part -> (MetricComparison, Double)? in
            guard let interval = part.sequence.interval, interval.upper > interval.lower else { return nil }
            return (part, abs(part.sequence.mean) / ((interval.upper - interval.lower) / 2))
        }
        return scored.max { $0.1 < $1.1 }?.0
    }

    /// The parts one build measured and the other did not (a library only one of them loads),
    /// largest median first.
    package var inOneBuild: [MetricComparison] {
        test.metrics.filter { $0.baseSamples.isEmpty != $0.headSamples.isEmpty }
            .sorted { abs($0.medianChange) > abs($1.medianChange) }
    }

    /// The parts compared.
    package var count: Int { test.metrics.count }
}

extension MetricComparison {
    /// Head's median minus base's, in the metric's unit.
    package var medianChange: Double {
        let base = baseSamples.isEmpty ? 0 : Descriptive.median(baseSamples)
        let head = headSamples.isEmpty ? 0 : Descriptive.median(headSamples)
        return head - base
    }
}
