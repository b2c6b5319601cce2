/// One interval of a ``LaunchBreakdown``: a stretch of the launch with one reason.
package struct BreakdownInterval: Codable, Sendable, Equatable {
    /// Start, in nanoseconds since the launch started.
    package var startNs: Int64
    /// End, in nanoseconds since the launch started.
    package var endNs: Int64
    /// Why the launch took this time.
    package var reason: BreakdownReason
    /// What it was spent in, where known: the library (`libm.so.6`), the blocking function
    /// (`read`), the program's function.
    package var detail: String?

    /// Creates an interval.
    package init(startNs: Int64, endNs: Int64, reason: BreakdownReason, detail: String? = nil) {
        self.startNs = startNs
        self.endNs = endNs
        self.reason = reason
        self.detail = detail
    }

    /// Its length.
    package var durationNs: Int64 { endNs - startNs }
}
