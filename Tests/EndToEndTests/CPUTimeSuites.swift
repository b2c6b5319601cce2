import Testing

extension DisplaySuites {
    /// The suites that time work on the critical path against what its fixtures spin (every-thread
    /// findings, the busy-machine suite that starts CPU hogs beside its launches, the time before
    /// main, bisect's decisions), run one at a time and never beside a display suite: the hogs would stretch the other suites' waits and
    /// the display suites' times held against the screen, and the other suites would load the
    /// machine the busy-machine suite measures.
    @Suite("CPU-timed findings, one suite at a time", .serialized)
    enum CPUTimeSuites {}
}

/// ``DisplaySuites/CPUTimeSuites``, by its own name.
typealias CPUTimeSuites = DisplaySuites.CPUTimeSuites
