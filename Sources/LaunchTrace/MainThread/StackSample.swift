/// One sample of the main thread's stack taken during a stall.
package struct StackSample: Codable, Sendable, Equatable {
    /// When, in nanoseconds after the launch started.
    package var timeNs: Int64
    /// Return addresses, innermost first.
    package var frames: [Address]
    /// Set when the main thread was inside a call the blocking-call tracer was timing: the
    /// sample was not taken (the thread was not interrupted) and the tracer's stack for that
    /// call stands for it. The value is the index into ``MainThreadActivity/blockingCalls``.
    package var blockingCall: Int?

    /// Creates a sample.
    package init(timeNs: Int64, frames: [Address], blockingCall: Int? = nil) {
        self.timeNs = timeNs
        self.frames = frames
        self.blockingCall = blockingCall
    }
}
