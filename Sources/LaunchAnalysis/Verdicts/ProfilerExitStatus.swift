/// The exit statuses of `launchprof`, the one place their values and meanings are written
/// (named so as not to collide with ArgumentParser's `ExitCode` or swift-testing's `ExitStatus`).
///
/// ```swift
/// exit(evaluation.exitCode.rawValue)
/// print(ProfilerExitStatus.helpText)   // "Exit codes: 0 every budget passed; 1 usage or internal error; …"
/// ```
public enum ProfilerExitStatus: Int32, Codable, Sendable, CaseIterable {
    /// Every error-level rule passed (`compare`: head is the same as base or better).
    case success = 0
    /// Bad usage or an internal error (the CLI's to return; never from an evaluation).
    case usageError = 1
    /// An error-level rule failed or had no data.
    case budgetExceeded = 2
    /// The app failed to launch or measured nothing: no launch completed.
    case launchFailed = 3
    /// No failures, but an error-level rule is inconclusive.
    case inconclusive = 4

    /// What the status means, in the words of the commands' help.
    public var meaning: String {
        switch self {
        case .success: "every budget passed"
        case .usageError: "usage or internal error"
        case .budgetExceeded: "a budget was exceeded (compare: head regressed)"
        case .launchFailed: "the app failed to launch or measured nothing (compare: a build failed to launch)"
        case .inconclusive: "inconclusive (the spread straddles a limit; compare: undecided at --max-runs)"
        }
    }

    /// One line for a command's help: every status with its meaning.
    public static var helpText: String {
        "Exit codes: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}
