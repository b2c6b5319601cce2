/// What the profiler itself cost and which of its instruments ran.
public struct ProfilerInfo: Codable, Sendable, Equatable {
    /// The version of LaunchProfiler written into traces (by the probe and by the runner).
    public static let toolVersion = "0.1.0"

    /// Version of the LaunchProbe library that wrote the trace.
    public var version: String
    /// CPU time the profiler's own work took on the main thread (creating the probe, clock
    /// and thread-state reads, bookkeeping, the tracer's own time) before the trace was
    /// written, in nanoseconds: its overhead on the launch. The probe measures its part with
    /// the thread's CPU clock, so time another thread ran while the main thread was preempted
    /// inside the probe is not counted.
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
