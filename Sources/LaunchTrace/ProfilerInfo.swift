/// What the profiler itself cost and which of its instruments ran.
package struct ProfilerInfo: Codable, Sendable, Equatable {
    /// The version of LaunchProfiler written into traces (by the probe and by the runner).
    package static let toolVersion = "0.1.0"

    /// Version of the LaunchProbe library that wrote the trace.
    package var version: String
    /// CPU time the profiler's own work took on the main thread (creating the probe, clock
    /// and thread-state reads, bookkeeping, the tracer's own time) before the trace was
    /// written, in nanoseconds: its overhead on the launch. The probe measures its part with
    /// the thread's CPU clock, so time another thread ran while the main thread was preempted
    /// inside the probe is not counted.
    package var mainThreadNs: Int64
    /// How many phase boundaries, spans and marks were recorded.
    package var recordedEvents: Int
    /// Instruments that ran, e.g. `["phases", "threadState"]` (``Instrument``'s raw values).
    package var instruments: [String]

    /// The instruments a trace can name in ``instruments``.
    package enum Instrument: String, Sendable, CaseIterable {
        /// Phase and span marks, totals and the exit point: every launch that writes a trace.
        case phases
        /// The main thread's state at each phase boundary (schedstat, rusage): diagnosis launches only.
        case threadState
        /// The preloaded blocking-call tracer.
        case blockingCalls
        /// The stall watchdog and its sampler.
        case stallSampler
    }

    /// Whether `instrument` ran in the launch.
    package func ran(_ instrument: Instrument) -> Bool { instruments.contains(instrument.rawValue) }

    /// Creates profiler information.
    package init(version: String, mainThreadNs: Int64, recordedEvents: Int, instruments: [String]) {
        self.version = version
        self.mainThreadNs = mainThreadNs
        self.recordedEvents = recordedEvents
        self.instruments = instruments
    }
}
