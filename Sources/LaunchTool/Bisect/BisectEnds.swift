/// The first measurement of a bisect: the bad commit against the good one. Their gap in each
/// regressed metric sets the scale of every later step, and each step's error rate is the
/// bisect's split over the steps it plans (Bonferroni), so that the whole bisect errs with at
/// most the chosen probability.
package struct BisectEnds: Codable, Sendable, Equatable {
    /// The comparison of the bad commit against the good one.
    package var step: BisectStep
    /// The gap of every metric that regressed from the good commit to the bad one; empty when
    /// none did (nothing to bisect).
    package var gaps: [BisectGap]
    /// The error rate of each step.
    package var stepAlpha: Double

    /// Creates the ends.
    package init(step: BisectStep, gaps: [BisectGap], stepAlpha: Double) {
        self.step = step
        self.gaps = gaps
        self.stepAlpha = stepAlpha
    }
}
