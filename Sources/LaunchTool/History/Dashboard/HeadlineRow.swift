import LaunchHistory

/// A row of the trend dashboard's first table: a series, why it leads, and its latest run
/// against the one before.
struct HeadlineRow {
    /// Why a series is a headline metric.
    enum Reason: String {
        /// The launch's endpoint: time to first frame, to active, to full display or to ready.
        case endpoint = "endpoint"
        /// A budget rule covers it.
        case budget = "budgeted"
        /// Its latest run moved the most, beyond the previous run's p10–p90.
        case mover = "moved most"
    }

    /// The series.
    var series: MetricSeries
    /// Why it leads.
    var reason: Reason

    /// The latest run's point.
    var latest: SeriesPoint? { series.points.last }
    /// The run before it.
    var previous: SeriesPoint? { series.points.count > 1 ? series.points[series.points.count - 2] : nil }

    /// The change from the run before: `+345.0 % (+3.0 ms)`, `from 0 to 3.1 ms`, or `-`.
    var change: String {
        guard let latest, let previous else { return "-" }
        let delta = latest.median - previous.median
        let signed = (delta >= 0 ? "+" : "") + series.key.format(delta)
        guard previous.median != 0, latest.median != 0 else {
            return "from \(series.key.formatChange(previous.median)) to \(series.key.formatChange(latest.median))"
        }
        return "\(TrendChange.percent(latest.median / previous.median - 1)) (\(signed))"
    }

    /// Whether the latest median left both the previous run's p10–p90 and the range of every
    /// earlier run's median (a new high or low, not one more wander inside the noise seen
    /// before): +1 above, −1 below, 0 not.
    var movement: Int {
        guard let latest, let previous else { return 0 }
        let earlier = series.points.dropLast().map(\.median)
        if latest.median > previous.p90 && latest.median > (earlier.max() ?? 0) { return 1 }
        if latest.median < previous.p10 && latest.median < (earlier.min() ?? 0) { return -1 }
        return 0
    }

    /// How far the latest median moved, in previous p10–p90 widths (how the movers rank).
    var size: Double {
        guard let latest, let previous else { return 0 }
        let spread = max(previous.p90 - previous.p10, Swift.abs(previous.median) * 0.01, 1e-9)
        return Swift.abs(latest.median - previous.median) / spread
    }

    /// The smallest relative change of a mover, and of a time mover the smallest part of the
    /// endpoint metric's latest median it must move by.
    static let moverEffect = 0.05, moverShareOfEndpoint = 0.01

    /// Whether the latest run's change is worth a headline row: at least 5 % of the run before,
    /// and for a time at least 1 % of the endpoint's latest median (a library's initializers
    /// moving 29 ns are not news when the launch takes milliseconds).
    func matters(against endpointMedian: Double?) -> Bool {
        guard let latest, let previous else { return false }
        let delta = Swift.abs(latest.median - previous.median)
        guard previous.median == 0 || delta >= Self.moverEffect * Swift.abs(previous.median) else { return false }
        guard series.key.kind == .time, let endpointMedian else { return true }
        return delta >= Self.moverShareOfEndpoint * endpointMedian
    }

    /// The verdict: against the budget when one covers the metric's median or p90, else
    /// whether the run moved beyond the previous run's spread.
    func verdict(limits: [(value: Double, statistic: String, text: String)]) -> (text: String, style: String) {
        guard let latest else { return ("no run", "neutral") }
        for limit in limits {
            let observed = limit.statistic == Statistic.median.rawValue ? latest.median : latest.p90
            if observed > limit.value { return ("over budget (\(limit.text))", "bad") }
        }
        let within = limits.isEmpty ? "" : ", within budget"
        guard previous != nil else { return ("first run" + within, "neutral") }
        let time = series.key.kind == .time
        switch movement {
        case 1: return ((time ? "slower" : "higher") + within, time ? "bad" : "warn")
        case -1: return ((time ? "faster" : "lower") + within, time ? "good" : "warn")
        default: return ("within noise" + within, "neutral")
        }
    }
}
