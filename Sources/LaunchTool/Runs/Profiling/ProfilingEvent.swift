import LaunchRunner

/// What a profiling run reports while it runs, for the CLI to render.
package enum ProfilingEvent: Sendable {
    /// The warm-up launches start.
    case warmingUp(launches: Int)
    /// A measured launch ended.
    case launched(LaunchResult)
    /// Adaptive stopping adds `count` launches: `inconclusive` verdicts after `launches`.
    case addingLaunches(count: Int, inconclusive: Int, launches: Int)
    /// The launches are over; findings and files follow.
    case launchesFinished
    /// The alternative build with a pre-main advice's change (`kind`) starts, by `command`; its
    /// comparison with the program follows.
    case buildingAlternative(kind: String, command: String)
    /// Something the user should know, also kept in the result.
    case note(ProfilingNote)
}
