/// One measured phase of a launch.
package struct PhaseRecord: Codable, Sendable, Equatable {
    /// Which phase this is.
    package var phase: LaunchPhase
    /// Start, in nanoseconds after the launch started (``LaunchClockInfo/launchStartNs``).
    package var startNs: Int64
    /// Duration in nanoseconds.
    package var durationNs: Int64
    /// What the main thread did during the phase. For ``LaunchPhase/binaryLoad`` this
    /// covers the whole process up to the phase's end (schedstat cannot be split at exec).
    package var threadState: ThreadState

    /// Creates a phase record.
    package init(phase: LaunchPhase, startNs: Int64, durationNs: Int64, threadState: ThreadState) {
        self.phase = phase
        self.startNs = startNs
        self.durationNs = durationNs
        self.threadState = threadState
    }

    /// End, in nanoseconds after the launch started.
    package var endNs: Int64 { startNs.saturatingAdd(durationNs) }
}
