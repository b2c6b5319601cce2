extension BlockingKind {
    /// The kinds of call the preloaded blocking-call tracer reports (not page faults or CPU
    /// work, which other instruments see); each has a blocking-time and a blocking-call metric.
    package static let tracedCalls: [BlockingKind] = allCases.filter(\.isTracedCall)

    /// Whether the blocking-call tracer reports calls of this kind.
    package var isTracedCall: Bool {
        switch self {
        case .fileIO, .network, .sleep, .lock, .wait: true
        case .pageFaults, .cpu: false
        }
    }
}
