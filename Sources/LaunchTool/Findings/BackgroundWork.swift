/// CPU work that ran during the launch on a path the launch did not wait for (a thread started
/// and never awaited, or the main thread's work beside what readiness waited for): shown beside
/// the findings, never as one, since moving it would not make the launch shorter.
package struct BackgroundWork: Codable, Sendable, Equatable {
    /// The thread it ran on, for people (`thread "fixture-bg"`, `the main thread`).
    package var thread: String
    /// The function it is charged to (the program's, else the innermost named frame).
    package var function: String
    /// The median CPU time per launch it appeared in, in nanoseconds.
    package var medianCPUNs: Double
    /// The launches it appeared in.
    package var launches: Int

    /// Creates background work.
    package init(thread: String, function: String, medianCPUNs: Double, launches: Int) {
        self.thread = thread
        self.function = function
        self.medianCPUNs = medianCPUNs
        self.launches = launches
    }
}
