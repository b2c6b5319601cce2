/// One blocking library call the main thread made during the launch that took longer than
/// the tracer's threshold, with the stack at the call.
public struct BlockingCall: Codable, Sendable, Equatable {
    /// The intercepted function, e.g. `read`, `nanosleep`, `sem_wait`.
    public var function: String
    /// What kind of blocking it is.
    public var kind: BlockingKind
    /// Start, in nanoseconds after the launch started.
    public var startNs: Int64
    /// Duration in nanoseconds.
    public var durationNs: Int64
    /// The phase running when the call started, if any.
    public var phase: LaunchPhase?
    /// What the call was about: a file path (`/app/catalog.json`), a socket peer
    /// (`127.0.0.1:8080`), a sleep length (`30 ms`), or nil when unknown.
    public var resource: String?
    /// Bytes transferred, for reads and writes.
    public var bytes: Int64?
    /// The call's return value was an error with this errno, if any.
    public var errno: Int32?
    /// Return addresses at the call, innermost first (the interposer's own frame removed).
    public var stack: [Address]

    /// Creates a blocking-call record.
    public init(
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
