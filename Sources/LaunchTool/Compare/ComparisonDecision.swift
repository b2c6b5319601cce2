/// What a comparison of one metric between two builds decided.
package enum ComparisonDecision: String, Codable, Sendable, CaseIterable {
    /// Head is slower (larger): the interval of the effect lies above zero and reaches the
    /// allowed effect.
    case regressed
    /// Head is faster (smaller): the interval lies below zero and reaches minus the allowed effect.
    case improved
    /// Equivalent: the whole interval lies within ± the allowed effect.
    case same
    /// Not decided yet, or not at the launch limit.
    case inconclusive

    /// Whether the metric needs no more launches.
    package var isDecided: Bool { self != .inconclusive }

    /// The decision an interval of the log-ratio head/base implies, with `margin` the
    /// allowed effect as a log-ratio (`log(1.02)` for 2 %).
    package static func decide(_ interval: ConfidenceInterval, margin: Double) -> ComparisonDecision {
        if interval.lower > -margin, interval.upper < margin { return .same }
        if interval.lower > 0, interval.upper >= margin { return .regressed }
        if interval.upper < 0, interval.lower <= -margin { return .improved }
        return .inconclusive
    }
}
