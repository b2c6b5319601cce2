import Foundation
import LaunchAnalysis
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// `launchprof trace`: one launch under the profiler, its trace kept in a named file.
///
/// ```swift
/// let (trace, url) = try SingleLaunch(launch: LaunchSpecification(executable: app)).run()
/// ```
public struct SingleLaunch: Sendable {
    /// How the program is launched.
    public var launch: LaunchSpecification
    /// Where the trace goes, or nil for a temporary file that is kept.
    public var output: String?
    /// What performs the launch.
    public var launcher: any Launcher

    /// Creates a launch.
    public init(launch: LaunchSpecification, output: String? = nil, launcher: any Launcher = AppLauncher()) {
        self.launch = launch
        self.output = output
        self.launcher = launcher
    }

    /// Launches the app once.
    ///
    /// - Returns: the trace and the file it was written to.
    /// - Throws: ``LaunchProfilerError`` with ``ProfilerExitStatus/launchFailed`` when there is no trace,
    ///   with the end of the app's standard error.
    public func run() throws -> (trace: LaunchTrace, url: URL) {
        let files = RunFolder.standaloneFiles(requested: output)
        let result = launcher.launch(LaunchRequest(launch, files: files, index: 1))
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
