/// A span of one thread's time in one state, charged to one call chain.
package struct ProfileSample: Codable, Sendable, Equatable {
    /// What the thread was doing.
    package enum State: String, Codable, Sendable, CaseIterable {
        /// Running on a CPU (a cpu-clock sample, weighted by the sampling period).
        case onCPU
        /// Switched out voluntarily: waiting for I/O, a lock, a timer, a page from disk.
        case blocked
        /// Preempted: ready to run, waiting for a CPU.
        case runnable
    }

    /// When the span started, in nanoseconds since the launch started (the trace's clock).
    package var startNs: Int64
    /// Its length in nanoseconds.
    package var durationNs: Int64
    /// The main thread's state.
    package var state: State
    /// Index into ``LaunchProfile/stacks``, or `nil` when no stack was taken.
    package var stack: Int?
    /// The thread's kernel id (``ProfileThread/id``), or `nil` for the launched program's main
    /// thread.
    package var thread: Int32?

    /// Creates a sample.
    package init(startNs: Int64, durationNs: Int64, state: State, stack: Int?, thread: Int32? = nil) {
        self.startNs = startNs
        self.durationNs = durationNs
        self.state = state
        self.stack = stack
        self.thread = thread
    }

    /// Whether the sample is the main thread's.
    package var isMainThread: Bool { thread == nil }
}
