import LaunchRunner

/// What a comparison reports while it runs, for the CLI to render.
package enum ComparisonEvent: Sendable {
    /// The warm-up launches of both builds start.
    case warmingUp(launchesPerBuild: Int)
    /// A measured launch of `build` ended.
    case launched(ComparisonBuild, LaunchResult)
    /// A block ended: the test so far.
    case blockFinished(SequentialComparison)
    /// The launches are over; findings and files follow.
    case launchesFinished
}
