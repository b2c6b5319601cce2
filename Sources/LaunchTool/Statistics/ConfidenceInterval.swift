/// A two-sided confidence interval for a statistic.
package struct ConfidenceInterval: Codable, Sendable, Equatable {
    /// Lower bound.
    package var lower: Double
    /// Upper bound.
    package var upper: Double
    /// Confidence level, e.g. 0.95.
    package var level: Double

    /// Creates an interval.
    package init(lower: Double, upper: Double, level: Double) {
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    /// Half the interval's width.
    package var halfWidth: Double { (upper - lower) / 2 }

    /// Whether `value` lies strictly inside the interval, so the interval is on both sides of it.
    ///
    /// ```swift
    /// ConfidenceInterval(lower: 390, upper: 410, level: 0.95).straddles(400)   // true
    /// ```
    package func straddles(_ value: Double) -> Bool { lower < value && value < upper }
}
