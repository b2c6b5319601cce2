import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// `launchprof trace`: one launch under the profiler, its trace kept in a named file.
///
/// ```swift
/// let (trace, url) = try SingleLaunch(launch: LaunchSpecification(executable: app)).run()
/// ```
package struct SingleLaunch: Sendable {
    /// How the program is launched.
    package var launch: LaunchSpecification
    /// Where the trace goes, or nil for a temporary file that is kept.
    package var output: String?
    /// What performs the launch.
    package var launcher: any Launcher

    /// Creates a launch.
    package init(launch: LaunchSpecification, output: String? = nil, launcher: any Launcher = AppLauncher()) {
        self.launch = launch
        self.output = output
        self.launcher = launcher
    }

    /// Launches the app once.
    ///
    /// - Returns: the trace and the file it was written to.
    /// - Throws: ``LaunchProfilerError`` with ``ProfilerExitStatus/launchFailed`` when there is no trace,
    ///   with the end of the app's standard error (``LaunchTrace/LaunchProfilerError/Code/interrupted``
    ///   when launchprof was interrupted).
    package func run() throws -> (trace: LaunchTrace, url: URL) {
        let files = RunFolder.standaloneFiles(requested: output)
        let result = launcher.launch(LaunchRequest(launch, files: files, index: 1))
        try? FileManager.default.removeItem(at: files.stderrURL)
        guard let trace = result.trace else {
            // The record's message ends with the last lines of standard error: shown once, the
            // longer tail in place of them.
            var message = result.record.messageWithoutStandardError ?? "The launch produced no trace."
            if let tail = result.record.stderrTail { message += "\nThe app's standard error ended with:\n\(tail)" }
            // Interrupted (SIGINT, SIGTERM, SIGHUP): exit 130, as every command.
            if result.record.outcome == .interrupted { throw LaunchProfilerError(.interrupted, message) }
            throw LaunchProfilerError.workflow(message, exitStatus: .launchFailed)
        }
        return (withPreMain(trace, url: files.traceURL), files.traceURL)
    }

    /// With the audit module, a second launch (``LaunchTrace/LaunchKind/preMain``) gives the
    /// breakdown of the time before `main`, added to the trace and its file.
    private func withPreMain(_ trace: LaunchTrace, url: URL) -> LaunchTrace {
        guard launch.instruments.auditLibrary != nil else { return trace }
        let scratch = RunFolder.standaloneFiles(requested: nil)
        let result = launcher.launch(LaunchRequest(launch.carrying(.loaderAudit), files: scratch, index: 1))
        try? FileManager.default.removeItem(at: scratch.traceURL)
        try? FileManager.default.removeItem(at: scratch.stderrURL)
        guard let preMain = result.trace?.preMain else { return trace }
        var trace = trace
        trace.preMain = preMain
        try? trace.write(to: url)
        return trace
    }

    /// The launch's time before `main`, object by object, with its advice (nil without the
    /// breakdown).
    package static func preMainSummary(of trace: LaunchTrace) -> PreMainSummary? {
        trace.preMain.flatMap { PreMainSummary.build(breakdowns: [$0]) }
    }

    /// Where the launch's main-thread time before the first frame was charged, from its
    /// whole-launch profile (nil without one).
    package static func attribution(of trace: LaunchTrace) -> LaunchAttribution? {
        FindingsAnalyzer().attribution(in: trace, symbolicator: Symbolicator())
    }
}
