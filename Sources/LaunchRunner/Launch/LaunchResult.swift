import LaunchTrace

/// What one launch produced: the runner's record, the trace when there is a valid one,
/// and the progress events the app sent.
package struct LaunchResult: Sendable, Equatable {
    /// How the launch ended, as the runner saw it.
    package var record: LaunchRecord
    /// The decoded trace, when the app wrote a valid one.
    package var trace: LaunchTrace?
    /// The app's progress events, in the order received.
    package var events: [ProbeEvent]

    /// Creates a result.
    package init(record: LaunchRecord, trace: LaunchTrace?, events: [ProbeEvent]) {
        self.record = record
        self.trace = trace
        self.events = events
    }

    /// The last phase the app reported starting, if any.
    package var lastPhase: String? { events.last { $0.kind == .phase }?.name }
}
