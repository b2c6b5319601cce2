/// The exit codes of `launchprof run` and `launchprof check`.
public enum ExitCode: Int32, Codable, Sendable, CaseIterable {
    /// Every error-level rule passed.
    case success = 0
    /// Bad usage or an internal error (the CLI's to return; never from an evaluation).
    case usageError = 1
    /// An error-level rule failed or had no data.
    case budgetExceeded = 2
    /// The app failed to launch or measured nothing: no launch completed.
    case launchFailed = 3
    /// No failures, but an error-level rule is inconclusive.
    case inconclusive = 4
}
