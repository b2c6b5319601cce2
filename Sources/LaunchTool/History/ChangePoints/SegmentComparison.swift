/// Two adjacent segments of a series compared by Student's t-test: a change point's evidence.
///
/// The split between them was chosen as the best of ``splits`` positions, and the best of many
/// splits of pure noise has a small t-test p-value by construction; ``pValue`` is therefore the
/// t-test's p-value times the number of splits (Bonferroni), the chance that noise gives any of
/// them such a p-value.
package struct SegmentComparison: Codable, Sendable, Equatable {
    /// Mean before the change point.
    package var meanBefore: Double
    /// Mean from the change point on.
    package var meanAfter: Double
    /// Population standard deviation before.
    package var deviationBefore: Double
    /// Population standard deviation after.
    package var deviationAfter: Double
    /// The t-test's two-sided p-value for this split alone.
    package var tTestPValue: Double
    /// How many splits of the two segments together the split was chosen among (1: not chosen).
    package var splits: Int
    /// The p-value of the split as chosen: `min(1, tTestPValue × splits)`.
    package var pValue: Double

    /// Compares `left` and `right` (neither empty), the split chosen among `splits` positions.
    init(_ left: ArraySlice<Double>, _ right: ArraySlice<Double>, splits: Int = 1) {
        (meanBefore, deviationBefore) = Self.moments(left)
        (meanAfter, deviationAfter) = Self.moments(right)
        tTestPValue = StudentT.twoSidedPValue(
            mean1: meanBefore, sd1: deviationBefore, n1: left.count, mean2: meanAfter, sd2: deviationAfter,
            n2: right.count
        )
        self.splits = max(1, splits)
        pValue = min(1, tTestPValue * Double(self.splits))
    }

    /// The relative change from before to after (`after / before - 1`), 0 when before is 0.
    package var forwardChange: Double { meanBefore == 0 ? 0 : meanAfter / meanBefore - 1 }

    /// Otava's magnitude: the larger of the forward and backward relative changes, in absolute value.
    package var magnitude: Double {
        let backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1
        return max(abs(forwardChange), abs(backward))
    }

    /// Mean and population standard deviation (0 for one value).
    private static func moments(_ values: ArraySlice<Double>) -> (Double, Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        guard values.count >= 2 else { return (mean, 0) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }
}
