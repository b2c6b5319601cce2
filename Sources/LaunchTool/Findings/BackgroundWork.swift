/// CPU work that ran during the launch on a path the launch did not wait for (a thread started
/// and never awaited, or the main thread's work beside what readiness waited for): shown beside
/// the findings, never as one, since moving it would not make the launch shorter.
public struct BackgroundWork: Codable, Sendable, Equatable {
    /// The thread it ran on, for people (`thread "fixture-bg"`, `the main thread`).
    public var thread: String
    /// The function it is charged to (the program's, else the innermost named frame).
    public var function: String
    /// The median CPU time per launch it appeared in, in nanoseconds.
    public var medianCPUNs: Double
    /// The launches it appeared in.
    public var launches: Int

    /// Creates background work.
    public init(thread: String, function: String, medianCPUNs: Double, launches: Int) {
        self.thread = thread
        self.function = function
        self.medianCPUNs = medianCPUNs
        self.launches = launches
    }
}
