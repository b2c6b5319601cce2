/// The name of a launch metric, as budgets, summaries and reports spell it: a fixed name
/// (``timeToFirstFrame``, ``peakMemory``, …) or one of a family (``phase(_:)``,
/// ``span(_:)``, ``blockingTime(_:)``, …).
///
/// A struct with static members rather than a closed enum, so that new metrics can be added
/// without breaking a `switch`; it encodes as its plain string.
///
/// ```swift
/// let name = MetricName.span("catalog.load")   // "span.catalog.load"
/// summary.metric(.timeToFirstFrame, scenario: .warm)
/// ```
package struct MetricName: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// The name as written in budget files and JSON.
    package let rawValue: String

    /// A metric with this name; whether it is one LaunchProfiler knows is for the catalog to say.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The plain name.
    package var description: String { rawValue }

    /// Decodes the plain string.
    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the plain string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension MetricName: Comparable {
    /// Names order as their strings do.
    package static func < (lhs: MetricName, rhs: MetricName) -> Bool { lhs.rawValue < rhs.rawValue }
}
