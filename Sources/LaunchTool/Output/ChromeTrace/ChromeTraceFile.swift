/// A Chrome trace file in the JSON object format: `{"traceEvents": [...], "displayTimeUnit": "ms"}`.
package struct ChromeTraceFile: Codable, Sendable, Equatable {
    /// The events.
    package var traceEvents: [ChromeTraceEvent]
    /// How the viewer shows times: `ms`.
    package var displayTimeUnit: String
    /// Free-form information about the file, shown by the viewer.
    package var otherData: [String: String]

    /// Creates a file.
    package init(traceEvents: [ChromeTraceEvent], displayTimeUnit: String = "ms", otherData: [String: String] = [:]) {
        self.traceEvents = traceEvents
        self.displayTimeUnit = displayTimeUnit
        self.otherData = otherData
    }
}
