/// What blocked the main thread during the launch: the blocking calls the tracer recorded,
/// the stalls the watchdog saw with their stack samples, and the image map to symbolicate
/// them. Raw addresses only: names are resolved by the tool after the launch.
package struct MainThreadActivity: Codable, Sendable, Equatable {
    /// Images mapped in the process when the trace was written.
    package var images: [LoadedImage]
    /// Blocking calls over the tracer's threshold, in time order. Empty when the tracer did
    /// not run (see ``tracer``).
    package var blockingCalls: [BlockingCall]
    /// Stalls, in time order.
    package var stalls: [Stall]
    /// The blocking-call tracer's counters; nil when it was not loaded.
    package var tracer: TracerInfo?
    /// The tracer's calls under its threshold, in aggregate per call site (nil in traces made
    /// before the tracer kept them).
    package var shortCalls: [BlockingCallAggregate]?
    /// How stacks were sampled.
    package var sampler: SamplerInfo

    /// Creates main-thread activity.
    package init(
        images: [LoadedImage], blockingCalls: [BlockingCall], stalls: [Stall], tracer: TracerInfo?, sampler: SamplerInfo
    ) {
        self.images = images
        self.blockingCalls = blockingCalls
        self.stalls = stalls
        self.tracer = tracer
        self.sampler = sampler
    }
}
