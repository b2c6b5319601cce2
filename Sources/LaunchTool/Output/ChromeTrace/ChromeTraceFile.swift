/// A Chrome trace file in the JSON object format: `{"traceEvents": [...], "displayTimeUnit": "ms"}`.
public struct ChromeTraceFile: Codable, Sendable, Equatable {
    /// The events.
    public var traceEvents: [ChromeTraceEvent]
    /// How the viewer shows times: `ms`.
    public var displayTimeUnit: String
    /// Free-form information about the file, shown by the viewer.
    public var otherData: [String: String]

    /// Creates a file.
    public init(traceEvents: [ChromeTraceEvent], displayTimeUnit: String = "ms", otherData: [String: String] = [:]) {
        self.traceEvents = traceEvents
        self.displayTimeUnit = displayTimeUnit
        self.otherData = otherData
    }
}
