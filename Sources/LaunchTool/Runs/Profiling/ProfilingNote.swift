/// Something a profiling run tells besides its verdicts.
package enum ProfilingNote: Sendable, Equatable {
    /// Cold scenario: how much the evictions before each launch evicted.
    case evictions(EvictionSummary)
    /// `report.html` could not be written (the run's other files were).
    case reportNotWritten(reason: String)
    /// The run was not recorded in the history (the run folder is complete).
    case historyNotRecorded(reason: String)
    /// The run stopped before its other launches: its first `timedOut` launches (warm-up
    /// included) all timed out after `timeoutSeconds` each before the program was ready, and
    /// none was ready.
    case stoppedNeverReady(timedOut: Int, timeoutSeconds: Double)
    /// The run was recorded in the history at `location`.
    case historyRecorded(location: String)
}
