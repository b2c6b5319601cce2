import LaunchTrace

/// Where runs are remembered. Two back ends keep the same tables and pass the same tests:
/// ``SQLiteHistoryStore`` (embedded, the default) and ``PostgresHistoryStore`` (a team's
/// shared server). Open one with ``HistoryLocation/open()``.
///
/// ```swift
/// let store = try HistoryLocation.resolve(nil).open()
/// try store.record(run)
/// let nightly = try store.runs(matching: HistoryFilter(app: "SampleApp"))
/// ```
///
/// Several writers at once (processes on one machine or many) lose nothing: each run is one
/// transaction, keyed by ``HistoryRun/key`` (recording the same key twice keeps the first).
package protocol HistoryStore: Sendable {
    /// The location, for messages (a PostgreSQL URL without its password).
    var location: String { get }

    /// Records `run` in one transaction; returns `false` when a run with its key was already there.
    @discardableResult
    func record(_ run: HistoryRun) throws(LaunchProfilerError) -> Bool

    /// The runs that match `filter`, oldest first.
    func runs(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [HistoryRun]

    /// Every metric's series over the runs that match `filter` (run medians, p10, p90 and
    /// counts only, read by one query), sorted by key: what `history trend` and `history show`
    /// need, without building each run. Equal to `MetricSeries.all(in: runs(matching: filter))`.
    func series(matching filter: HistoryFilter) throws(LaunchProfilerError) -> [MetricSeries]

    /// Deletes runs that `retention` does not keep; returns how many were deleted.
    @discardableResult
    func prune(_ retention: HistoryRetention) throws(LaunchProfilerError) -> Int

    /// The schema version of the store.
    func schemaVersion() throws(LaunchProfilerError) -> Int

    /// Closes the connection; the store cannot be used afterwards.
    func close()
}
