/// The exit statuses of `launchprof`, the one place their values and meanings are written
/// (named so as not to collide with ArgumentParser's `ExitCode` or swift-testing's `ExitStatus`).
///
/// ```swift
/// exit(evaluation.exitCode.rawValue)
/// print(ProfilerExitStatus.helpText)   // "Exit codes: 0 every budget passed; 1 usage or internal error; …"
/// ```
package enum ProfilerExitStatus: Int32, Codable, Sendable, CaseIterable {
    /// Every error-level rule passed (`compare`: head is the same as base or better).
    case success = 0
    /// Bad usage or an internal error (the CLI's to return; never from an evaluation).
    case usageError = 1
    /// An error-level rule failed or had no data.
    case budgetExceeded = 2
    /// A launch failed (crashed, hung, exited with an error, gave no or an invalid trace) and
    /// more did than `--allow-failed` tolerates (0 by default), or no launch completed. The
    /// other launches are kept and summarised.
    case launchFailed = 3
    /// No failures, but an error-level rule is inconclusive.
    case inconclusive = 4
    /// Every budget passed but the run could not be recorded in the history (`launchprof run`;
    /// the run folder is complete), or a `history` command could not open its store.
    case historyNotRecorded = 5
    /// `launchprof run` received SIGINT, SIGTERM or SIGHUP: the running launch and everything it
    /// started were killed and recorded as interrupted, and the launches before it summarised.
    case interrupted = 130

    /// What the status means, in the words of the commands' help.
    package var meaning: String {
        switch self {
        case .success: "every budget passed (bisect: the first bad commit was found)"
        case .usageError: "usage or internal error"
        case .budgetExceeded: "a budget was exceeded (compare: head regressed)"
        case .launchFailed:
            "a launch crashed, hung or gave an invalid trace (more than --allow-failed), or none completed (compare: a build failed to launch)"
        case .inconclusive:
            "inconclusive (the spread straddles a limit; compare: undecided at --max-runs; bisect: a step undecided, only candidates left, or the bad commit not slower)"
        case .historyNotRecorded: "the run history could not be opened or written"
        case .interrupted:
            "interrupted by SIGINT, SIGTERM or SIGHUP (the launches so far are kept; bisect: --resume goes on)"
        }
    }

    /// One line for a command's help: every status with its meaning.
    package static var helpText: String {
        "Exit codes: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}
