/// One row of ``HistorySQL/selectSeriesPoints(_:)``: a run's point in one metric's series.
struct HistorySeriesRow: Sendable {
    /// Which series.
    var key: SeriesKey
    /// The point.
    var point: SeriesPoint

    /// The series of `rows` (oldest first), sorted by key.
    static func series(_ rows: [HistorySeriesRow]) -> [MetricSeries] {
        var points: [SeriesKey: [SeriesPoint]] = [:]
        for row in rows { points[row.key, default: []].append(row.point) }
        return points.keys.sorted().map { MetricSeries(key: $0, points: points[$0]!) }
    }
}
