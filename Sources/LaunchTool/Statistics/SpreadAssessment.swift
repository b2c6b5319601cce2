/// Whether the run-to-run spread of a metric is too wide to trust its statistics.
///
/// The spread is too wide when either the scaled MAD or the half-width of the median's
/// confidence interval exceeds ``limit`` (5 % by default) of the median. A metric whose
/// median is 0 (e.g. major faults on a warm launch) has no relative spread and is never
/// flagged.
///
/// ```swift
/// let spread = SpreadAssessment(statistics: stats, medianInterval: ci)
/// if spread.isTooWide { print(spread.message!) }
/// ```
package struct SpreadAssessment: Codable, Sendable, Equatable {
    /// The default limit on relative spread: 5 %.
    package static let defaultLimit = 0.05

    /// Scaled MAD divided by the median, or `nil` when the median is 0.
    package var relativeMAD: Double?
    /// Half-width of the median's confidence interval divided by the median, or `nil`.
    package var relativeIntervalHalfWidth: Double?
    /// The limit both ratios were compared with.
    package var limit: Double

    /// Assesses a metric's spread.
    package init(
        statistics: SampleStatistics, medianInterval: ConfidenceInterval?, limit: Double = SpreadAssessment.defaultLimit
    ) {
        self.limit = limit
        let median = Swift.abs(statistics.median)
        if median > 0 {
            relativeMAD = statistics.scaledMAD / median
            relativeIntervalHalfWidth = medianInterval.map { $0.halfWidth / median }
        } else {
            relativeMAD = nil
            relativeIntervalHalfWidth = nil
        }
    }

    /// Whether either ratio is above the limit.
    package var isTooWide: Bool {
        (relativeMAD ?? 0) > limit || (relativeIntervalHalfWidth ?? 0) > limit
    }

    /// A sentence describing a spread that is too wide, or `nil` when it is acceptable.
    package var message: String? {
        guard isTooWide else { return nil }
        let mad = relativeMAD.map { Self.percent($0) } ?? "n/a"
        let ci = relativeIntervalHalfWidth.map { Self.percent($0) } ?? "n/a"
        return
            "The spread is too wide to trust: scaled MAD is \(mad) of the median and the median's confidence half-width is \(ci) (limit \(Self.percent(limit)))."
    }

    static func percent(_ ratio: Double) -> String {
        let tenths = (ratio * 1000).rounded() / 10
        return "\(tenths)%"
    }
}
