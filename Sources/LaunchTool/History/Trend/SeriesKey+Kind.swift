import LaunchHistory
import LaunchTrace

extension SeriesKey {
    /// The kind of a stored metric: the catalogue's, time for a phase the program named, nil
    /// otherwise (a name the catalogue no longer knows).
    package static func kind(of metric: String) -> MetricKind? {
        let name = MetricName(rawValue: metric)
        return MetricCatalog.kind(of: name) ?? (name.phaseMetric != nil ? .time : nil)
    }

    /// The kind of the series' metric (``kind(of:)``).
    package var kind: MetricKind? { Self.kind(of: metric) }

    /// A value of the series in the unit a person reads (`3.1 ms`, `58.2 MB`, `12`), as the run
    /// report writes it (``MetricKind/format(_:)``); a plain number for a metric of
    /// unknown kind.
    package func format(_ value: Double) -> String {
        kind?.format(value) ?? MetricKind.count.format(value)
    }

    /// A side of a change: ``format(_:)``, but a bare `0` for zero (`from 0 to 3.1 ms`).
    package func formatChange(_ value: Double) -> String {
        value == 0 ? "0" : format(value)
    }
}
