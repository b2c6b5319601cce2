/// What the blocking-call tracer did.
public struct TracerInfo: Codable, Sendable, Equatable {
    /// Calls shorter than this were counted but not recorded, in nanoseconds.
    public var thresholdNs: Int64
    /// Intercepted calls on the main thread during the launch.
    public var interceptedCalls: Int
    /// Calls recorded (longer than the threshold).
    public var recordedCalls: Int
    /// Calls over the threshold that did not fit the tracer's buffer.
    public var droppedCalls: Int

    /// Creates tracer information.
    public init(thresholdNs: Int64, interceptedCalls: Int, recordedCalls: Int, droppedCalls: Int) {
        self.thresholdNs = thresholdNs
        self.interceptedCalls = interceptedCalls
        self.recordedCalls = recordedCalls
        self.droppedCalls = droppedCalls
    }
}
