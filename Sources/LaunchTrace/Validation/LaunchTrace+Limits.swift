extension LaunchTrace {
    /// The largest time or duration a trace may hold, in nanoseconds: one day. Sums of
    /// thousands of such values stay far from `Int64.max`, so arithmetic on validated traces
    /// cannot overflow.
    package static let maximumTimeNs: Int64 = 86_400_000_000_000

    /// The largest count (faults, context switches, bytes) a trace may hold: 2^53, the
    /// largest integer a `Double` holds exactly.
    package static let maximumCount: Int64 = 1 << 53
}
