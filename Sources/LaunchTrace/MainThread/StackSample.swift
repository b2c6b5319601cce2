/// One sample of the main thread's stack taken during a stall.
public struct StackSample: Codable, Sendable, Equatable {
    /// When, in nanoseconds after the launch started.
    public var timeNs: Int64
    /// Return addresses, innermost first.
    public var frames: [Address]
    /// Set when the main thread was inside a call the blocking-call tracer was timing: the
    /// sample was not taken (the thread was not interrupted) and the tracer's stack for that
    /// call stands for it. The value is the index into ``MainThreadActivity/blockingCalls``.
    public var blockingCall: Int?

    /// Creates a sample.
    public init(timeNs: Int64, frames: [Address], blockingCall: Int? = nil) {
        self.timeNs = timeNs
        self.frames = frames
        self.blockingCall = blockingCall
    }
}
