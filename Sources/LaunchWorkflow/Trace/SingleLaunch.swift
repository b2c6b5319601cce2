import Foundation
import LaunchAnalysis
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// `launchprof trace`: one launch under the profiler, its trace kept in a named file.
///
/// ```swift
/// let (trace, url) = try SingleLaunch(executable: app, instruments: settings).run()
/// ```
public struct SingleLaunch: Sendable {
    /// Absolute path of the app's executable.
    public var executable: String
    /// Arguments passed to the app.
    public var arguments: [String]
    /// Scenario of the launch.
    public var scenario: Scenario
    /// Seconds after which the launch is killed.
    public var timeoutSeconds: Double
    /// Where the launch ends, or nil for the scenario's default.
    public var exitAfter: ExitPoint?
    /// The main-thread instruments.
    public var instruments: InstrumentSettings
    /// Where the trace goes, or nil for a temporary file that is kept.
    public var output: String?

    /// Creates a launch.
    public init(
        executable: String, arguments: [String] = [], scenario: Scenario = .warm, timeoutSeconds: Double = 30,
        exitAfter: ExitPoint? = nil, instruments: InstrumentSettings = InstrumentSettings(), output: String? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.scenario = scenario
        self.timeoutSeconds = timeoutSeconds
        self.exitAfter = exitAfter
        self.instruments = instruments
        self.output = output
    }

    /// Launches the app once.
    ///
    /// - Returns: the trace and the file it was written to.
    /// - Throws: ``LaunchProfilerError`` with ``ProfilerExitStatus/launchFailed`` when there is no trace,
    ///   with the end of the app's standard error.
    public func run() throws -> (trace: LaunchTrace, url: URL) {
        let files = RunFolder.standaloneFiles(requested: output)
        let request = LaunchRequest(
            executable: executable, arguments: arguments, scenario: scenario,
            traceURL: files.traceURL, stderrURL: files.stderrURL, index: 1, timeoutSeconds: timeoutSeconds,
            exitAfter: exitAfter, instruments: instruments
        )
        let result = AppLauncher().launch(request)
        try? FileManager.default.removeItem(at: files.stderrURL)
        guard let trace = result.trace else {
            var message = result.record.message ?? "The launch produced no trace."
            if let tail = result.record.stderrTail { message += "\nThe app's standard error ended with:\n\(tail)" }
            throw LaunchProfilerError.workflow(message, exitStatus: .launchFailed)
        }
        return (trace, files.traceURL)
    }

    /// Where the launch's main-thread time before the first frame was charged, from its
    /// whole-launch profile (nil without one).
    public static func attribution(of trace: LaunchTrace) -> LaunchAttribution? {
        FindingsAnalyzer().attribution(in: trace, symbolicator: Symbolicator())
    }
}
