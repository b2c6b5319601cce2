/// What a metric measures, which decides its unit and which budget limits fit it.
package enum MetricKind: String, Codable, Sendable, CaseIterable {
    /// A duration in nanoseconds; limits use `ns`, `us`, `ms` or `s`.
    case time
    /// A size in bytes; limits use `B`, `KB`, `MB`, `GB`, `KiB`, `MiB` or `GiB`.
    case bytes
    /// A count; limits are plain numbers.
    case count
    /// A share of the launch, a fraction from 0 to 1 (0.15: 15 %); limits are percentages
    /// without a sign, like `15%`.
    case share

    /// The unit samples of this kind are stored in: `ns`, `B`, or an empty string for counts.
    package var baseUnit: String {
        switch self {
        case .time: "ns"
        case .bytes: "B"
        case .count: ""
        case .share: "fraction"
        }
    }
}
