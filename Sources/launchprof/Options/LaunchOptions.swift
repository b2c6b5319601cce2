import ArgumentParser
import LaunchRunner

/// How each launch of `run` and `trace` goes: scenario, timeout and exit point.
struct LaunchOptions: ParsableArguments {
    static let exitPoints = ["firstFrame", "active", "fullyDrawn", "resumed"]

    @Option(help: "Scenario: warm, cold (page cache evicted before each launch) or resume (background and back).")
    var scenario: Scenario = .warm

    @Option(help: "Seconds after which a launch that has not ended is killed and reported as timed out.")
    var timeout: Double = 30

    @Option(help: "Where each launch ends: firstFrame, active or fullyDrawn (default: active; resumed for resume).")
    var exitAfter: String?

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds.") }
        if let exitAfter, !Self.exitPoints.contains(exitAfter) {
            throw ValidationError("--exit-after must be firstFrame, active, fullyDrawn or resumed, not \(exitAfter).")
        }
    }
}
