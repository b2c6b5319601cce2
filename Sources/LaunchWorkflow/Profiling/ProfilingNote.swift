/// Something a profiling run tells besides its verdicts.
public enum ProfilingNote: Sendable, Equatable {
    /// Cold scenario: how much the evictions before each launch evicted.
    case evictions(EvictionSummary)
    /// `report.html` could not be written (the run's other files were).
    case reportNotWritten(reason: String)
    /// The run was not recorded in the history (the run folder is complete).
    case historyNotRecorded(reason: String)
    /// The run was recorded in the history at `location`.
    case historyRecorded(location: String)
}
