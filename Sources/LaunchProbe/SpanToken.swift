/// An open span: its name and start. Returned by ``LaunchProbe/beginSpan(_:)`` and recorded
/// by ``LaunchProbe/endSpan(_:)``; it holds no lock and costs nothing until it ends.
public struct SpanToken: Sendable {
    /// The span's name.
    public let name: String
    /// Its start, an absolute `CLOCK_MONOTONIC` reading.
    public let startNs: Int64
}
