import Foundation
import LaunchTrace

/// A series of launches of one app: how many, under which scenario, and where the files go.
public struct RunPlan: Sendable, Equatable {
    /// Absolute path of the app's executable.
    public var executable: String
    /// Arguments passed to the app.
    public var arguments: [String]
    /// Extra environment for the app.
    public var environment: [String: String]
    /// Measured launches.
    public var runs: Int
    /// Launches before the measured ones, whose results are discarded.
    public var warmup: Int
    /// Scenario of every launch.
    public var scenario: Scenario
    /// Seconds after which a launch is killed.
    public var timeoutSeconds: Double
    /// Folder that receives the traces and the run's files.
    public var outputDirectory: URL
    /// Where each launch ends (`active` by default; `firstFrame`, `fullyDrawn`).
    public var exitAfter: ExitPoint?
    /// The main-thread instruments of every launch.
    public var instruments: InstrumentSettings = InstrumentSettings()
    /// When each launch counts as ready (`--ready-when`) and how it is ended afterwards.
    public var readiness = ReadinessSettings()

    /// Creates a plan.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String] = [:],
        runs: Int = 10, warmup: Int = 1, scenario: Scenario = .warm, timeoutSeconds: Double = 30,
        outputDirectory: URL, exitAfter: ExitPoint? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.runs = runs
        self.warmup = warmup
        self.scenario = scenario
        self.timeoutSeconds = timeoutSeconds
        self.outputDirectory = outputDirectory
        self.exitAfter = exitAfter
    }
}
