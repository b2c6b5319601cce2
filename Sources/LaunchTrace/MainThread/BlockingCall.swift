/// One blocking library call the main thread made during the launch that took longer than
/// the tracer's threshold, with the stack at the call.
package struct BlockingCall: Codable, Sendable, Equatable {
    /// The intercepted function, e.g. `read`, `nanosleep`, `sem_wait`.
    package var function: String
    /// What kind of blocking it is.
    package var kind: BlockingKind
    /// Start, in nanoseconds after the launch started.
    package var startNs: Int64
    /// Duration in nanoseconds.
    package var durationNs: Int64
    /// The phase running when the call started, if any.
    package var phase: LaunchPhase?
    /// What the call was about: a file path (`/app/catalog.json`), a socket peer
    /// (`127.0.0.1:8080`), a sleep length (`30 ms`), or nil when unknown.
    package var resource: String?
    /// Bytes transferred, for reads and writes.
    package var bytes: Int64?
    /// The call's return value was an error with this errno, if any.
    package var errno: Int32?
    /// Return addresses at the call, innermost first (the interposer's own frame removed).
    package var stack: [Address]

    /// Creates a blocking-call record.
    package init(
        function: String, kind: BlockingKind, startNs: Int64, durationNs: Int64, phase: LaunchPhase?,
        resource: String?, bytes: Int64?, errno: Int32?, stack: [Address]
    ) {
        self.function = function
        self.kind = kind
        self.startNs = startNs
        self.durationNs = durationNs
        self.phase = phase
        self.resource = resource
        self.bytes = bytes
        self.errno = errno
        self.stack = stack
    }
}
