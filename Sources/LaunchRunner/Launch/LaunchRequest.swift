import Foundation
import LaunchTrace

/// One launch to perform: which app, with what, and where its trace goes.
public struct LaunchRequest: Sendable, Equatable {
    /// Absolute path of the app's executable.
    public var executable: String
    /// Arguments passed to the app.
    public var arguments: [String]
    /// Extra environment for the app, on top of the runner's own environment.
    public var environment: [String: String]
    /// Scenario of the launch.
    public var scenario: Scenario
    /// Where the app writes its trace.
    public var traceURL: URL
    /// Where the app's standard error is kept.
    public var stderrURL: URL
    /// Index of the launch in its run (warm-up launches count from 0 down, as -1, -2, …).
    public var index: Int
    /// Seconds after which a launch that has not ended is killed.
    public var timeoutSeconds: Double
    /// Where the launch ends; `nil` for the scenario's ``LaunchTrace/Scenario/defaultExitPoint``.
    public var exitAfter: ExitPoint?
    /// The main-thread instruments (tracer preload, stall sampler).
    public var instruments: InstrumentSettings
    /// When the program counts as ready (`--ready-when`) and how it is ended afterwards.
    public var readiness = ReadinessSettings()
    /// A timing launch: nothing preloaded, no perf events, no `LAUNCHPROF_` variables, no trace
    /// file, no gate; only the clock from just before the process is created to readiness, as
    /// `hyperfine` times a command.
    public var timingOnly = false

    /// Creates a request.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String] = [:],
        scenario: Scenario = .warm, traceURL: URL, stderrURL: URL, index: Int,
        timeoutSeconds: Double = 30, exitAfter: ExitPoint? = nil, instruments: InstrumentSettings = InstrumentSettings()
    ) {
        self.instruments = instruments
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.scenario = scenario
        self.traceURL = traceURL
        self.stderrURL = stderrURL
        self.index = index
        self.timeoutSeconds = timeoutSeconds
        self.exitAfter = exitAfter
    }
}
