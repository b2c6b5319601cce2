/// One event of the Trace Event Format that Perfetto UI and `chrome://tracing` read.
///
/// Times are microseconds. `ph` is `X` (complete, with ``dur``), `i` (instant, with scope
/// ``s``) or `M` (metadata such as `process_name` and `thread_name`).
public struct ChromeTraceEvent: Codable, Sendable, Equatable {
    /// Event name.
    public var name: String
    /// Category, comma-separated.
    public var cat: String?
    /// Phase: `X`, `i` or `M`.
    public var ph: String
    /// Timestamp in microseconds.
    public var ts: Double
    /// Duration in microseconds, for complete events.
    public var dur: Double?
    /// Process id: the launch's index in the run.
    public var pid: Int
    /// Thread (track) id within the process.
    public var tid: Int
    /// Scope of an instant event: `t` (thread), `p` or `g`.
    public var s: String?
    /// Arguments shown when the event is selected.
    public var args: [String: ChromeTraceValue]?

    /// Creates an event.
    public init(
        name: String, cat: String? = nil, ph: String, ts: Double, dur: Double? = nil,
        pid: Int, tid: Int, s: String? = nil, args: [String: ChromeTraceValue]? = nil
    ) {
        self.name = name
        self.cat = cat
        self.ph = ph
        self.ts = ts
        self.dur = dur
        self.pid = pid
        self.tid = tid
        self.s = s
        self.args = args
    }

    /// End of a complete event, in microseconds.
    public var end: Double { ts + (dur ?? 0) }
}
