/// One event of the Trace Event Format that Perfetto UI and `chrome://tracing` read.
///
/// Times are whole microseconds (the format's unit), so that a JSON reader adds them exactly:
/// an event's `ts + dur` is never past the `ts` of an event that starts where it ends, as a
/// decimal fraction could be after a reader's floating-point addition. `ph` is `X` (complete, with ``dur``), `i` (instant, with scope
/// ``s``) or `M` (metadata such as `process_name` and `thread_name`).
package struct ChromeTraceEvent: Codable, Sendable, Equatable {
    /// Event name.
    package var name: String
    /// Category, comma-separated.
    package var cat: String?
    /// Phase: `X`, `i` or `M`.
    package var ph: String
    /// Timestamp in whole microseconds.
    package var ts: Int64
    /// Duration in whole microseconds, for complete events.
    package var dur: Int64?
    /// Process id: the launch's index in the run.
    package var pid: Int
    /// Thread (track) id within the process.
    package var tid: Int
    /// Scope of an instant event: `t` (thread), `p` or `g`.
    package var s: String?
    /// Arguments shown when the event is selected.
    package var args: [String: ChromeTraceValue]?

    /// Creates an event.
    package init(
        name: String, cat: String? = nil, ph: String, ts: Int64, dur: Int64? = nil,
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

    /// End of a complete event, in whole microseconds.
    package var end: Int64 { ts + (dur ?? 0) }
}
