/// A two-sided confidence interval for a statistic.
public struct ConfidenceInterval: Codable, Sendable, Equatable {
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double
    /// Confidence level, e.g. 0.95.
    public var level: Double

    /// Creates an interval.
    public init(lower: Double, upper: Double, level: Double) {
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    /// Half the interval's width.
    public var halfWidth: Double { (upper - lower) / 2 }

    /// Whether `value` lies strictly inside the interval, so the interval is on both sides of it.
    ///
    /// ```swift
    /// ConfidenceInterval(lower: 390, upper: 410, level: 0.95).straddles(400)   // true
    /// ```
    public func straddles(_ value: Double) -> Bool { lower < value && value < upper }
}
