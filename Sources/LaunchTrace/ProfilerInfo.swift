/// What the profiler itself cost and which of its instruments ran.
public struct ProfilerInfo: Codable, Sendable, Equatable {
    /// The version of LaunchProfiler written into traces (by the probe and by the runner).
    public static let toolVersion = "0.1.0"

    /// Version of the LaunchProbe library that wrote the trace.
    public var version: String
    /// Wall time the profiler spent on the main thread (clock reads, thread-state reads,
    /// bookkeeping) before the trace was written, in nanoseconds: its overhead on the launch.
    public var mainThreadNs: Int64
    /// How many phase boundaries, spans and marks were recorded.
    public var recordedEvents: Int
    /// Instruments that ran, e.g. `["phases", "threadState"]`.
    public var instruments: [String]

    /// Creates profiler information.
    public init(version: String, mainThreadNs: Int64, recordedEvents: Int, instruments: [String]) {
        self.version = version
        self.mainThreadNs = mainThreadNs
        self.recordedEvents = recordedEvents
        self.instruments = instruments
    }
}
