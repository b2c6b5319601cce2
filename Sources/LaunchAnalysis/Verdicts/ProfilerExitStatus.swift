/// The exit statuses of `launchprof`, the one place their values and meanings are written
/// (named so as not to collide with ArgumentParser's `ExitCode` or swift-testing's `ExitStatus`).
///
/// ```swift
/// exit(evaluation.exitCode.rawValue)
/// print(ProfilerExitStatus.helpText)   // "Exit codes: 0 every budget passed; 1 usage or internal error; …"
/// ```
public enum ProfilerExitStatus: Int32, Codable, Sendable, CaseIterable {
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
    /// Every budget passed but the run could not be recorded in the history (`launchprof run`;
    /// the run folder is complete), or a `history` command could not open its store.
    case historyNotRecorded = 5

    /// What the status means, in the words of the commands' help.
    public var meaning: String {
        switch self {
        case .success: "every budget passed"
        case .usageError: "usage or internal error"
        case .budgetExceeded: "a budget was exceeded"
        case .launchFailed: "the app failed to launch or measured nothing"
        case .inconclusive: "inconclusive (the spread straddles a limit)"
        case .historyNotRecorded: "the run history could not be opened or written"
        }
    }

    /// One line for a command's help: every status with its meaning.
    public static var helpText: String {
        "Exit codes: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}
