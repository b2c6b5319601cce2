/// What the blocking-call tracer did.
package struct TracerInfo: Codable, Sendable, Equatable {
    /// Calls shorter than this were counted but not recorded, in nanoseconds.
    package var thresholdNs: Int64
    /// Intercepted calls on the main thread during the launch.
    package var interceptedCalls: Int
    /// Calls recorded (longer than the threshold).
    package var recordedCalls: Int
    /// Calls over the threshold that did not fit the tracer's buffer.
    package var droppedCalls: Int
    /// Short calls from call sites beyond the aggregate table's capacity: counted, not attributed.
    package var overflowCalls: Int?
    /// Their time in all, in nanoseconds.
    package var overflowNs: Int64?
    /// The tracer's own time on the main thread during the launch, in nanoseconds: the
    /// bookkeeping after each intercepted call (timed for recorded calls, sampled one in 64 for
    /// short ones) and its two clock reads per call. Part of `profiler.mainThreadNs`.
    package var ownNs: Int64?

    /// Creates tracer information.
    package init(thresholdNs: Int64, interceptedCalls: Int, recordedCalls: Int, droppedCalls: Int) {
        self.thresholdNs = thresholdNs
        self.interceptedCalls = interceptedCalls
        self.recordedCalls = recordedCalls
        self.droppedCalls = droppedCalls
    }
}
