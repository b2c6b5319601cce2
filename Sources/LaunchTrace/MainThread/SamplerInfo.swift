/// How main-thread stacks were sampled during stalls, and what that cost.
package struct SamplerInfo: Codable, Sendable, Equatable {
    /// How samples were taken.
    package enum Method: String, Codable, Sendable {
        /// From outside, by the runner, with ptrace and remote unwinding: no signal reaches the
        /// app and its sleeping calls are restarted transparently.
        case ptrace
        /// In-process, with a signal to the main thread: can cut a sleeping call short
        /// (see the README's EINTR table).
        case signal
        /// No sampler ran.
        case none
    }

    /// How samples were taken.
    package var method: Method
    /// Stall threshold, in milliseconds.
    package var stallThresholdMs: Int
    /// Interval between samples during a stall, in milliseconds.
    package var intervalMs: Int
    /// Signals sent to the app's threads by the sampler (zero for a launch without stalls).
    package var signalsSent: Int
    /// Samples taken.
    package var samplesTaken: Int

    /// Creates sampler information.
    package init(method: Method, stallThresholdMs: Int, intervalMs: Int, signalsSent: Int, samplesTaken: Int) {
        self.method = method
        self.stallThresholdMs = stallThresholdMs
        self.intervalMs = intervalMs
        self.signalsSent = signalsSent
        self.samplesTaken = samplesTaken
    }
}
