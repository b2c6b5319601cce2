/// The settings of change-point detection, with Apache Otava's defaults.
package struct ChangePointOptions: Codable, Sendable, Equatable {
    /// Length of the sliding window of the split step, in runs (Otava: 50). Windows overlap by half.
    package var window: Int
    /// The largest p-value of the t-test a change point may have (Otava: 0.001). The split step
    /// uses a relaxed threshold (10× below 0.05) and the merge step removes what fails this one.
    package var maxPValue: Double
    /// The smallest relative change of the means kept (Otava: 0, every significant change).
    package var minEffect: Double
    /// The fewest runs a segment between change points may hold (not in Otava): a change must
    /// last this many runs on each side to be reported, so a blip of a few noisy nights, which
    /// the t-test with a handful of values can find significant, is not a change point.
    package var minSegment: Int

    /// Otava's window.
    package static let defaultWindow = 50
    /// Otava's p-value.
    package static let defaultMaxPValue = 0.001
    /// Otava's minimum magnitude.
    package static let defaultMinEffect = 0.0
    /// A week of nightly runs.
    package static let defaultMinSegment = 7

    /// Creates options.
    package init(
        window: Int = defaultWindow, maxPValue: Double = defaultMaxPValue, minEffect: Double = defaultMinEffect,
        minSegment: Int = defaultMinSegment
    ) {
        self.window = max(2, window)
        self.maxPValue = maxPValue
        self.minEffect = minEffect
        self.minSegment = max(1, minSegment)
    }

    /// The split step's threshold, as Otava relaxes it.
    var firstPassPValue: Double {
        maxPValue < 0.05 ? maxPValue * 10 : (maxPValue < 0.5 ? maxPValue * 2 : maxPValue)
    }
}
