import ArgumentParser
import Foundation
import LaunchReports
import LaunchRunner
import LaunchTrace

/// `launchprof trace -- APP [ARGS]`: launches the app once and prints its phase table.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Launch an app once under the profiler and print its phases."
    )

    @Option(help: "Scenario: warm, cold or resume.")
    var scenario: Scenario = .warm

    @Option(help: "Seconds after which a launch that has not ended is killed.")
    var timeout: Double = 30

    @Option(help: "Where the launch ends (default: active; resumed for resume).")
    var exitAfter: ExitPoint?

    @Option(name: .shortAndLong, help: "Write the trace here (default: a temporary file that is kept and named).")
    var output: String?

    @Flag(help: "Print the trace JSON instead of the table.")
    var json = false

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Argument(parsing: .postTerminator, help: "The app's executable and its arguments, after --.")
    var command: [String] = []

    func run() throws {
        let executable = try ExecutableResolver.resolve(command)
        let traceURL = URL(filePath: output ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("launchprof-\(ProcessInfo.processInfo.processIdentifier).trace.json").path)
        let stderrURL = traceURL.deletingPathExtension().appendingPathExtension("stderr.txt")
        let request = LaunchRequest(
            executable: executable, arguments: Array(command.dropFirst()), scenario: scenario,
            traceURL: traceURL, stderrURL: stderrURL, index: 1, timeoutSeconds: timeout, exitAfter: exitAfter,
            instruments: try instruments.settings()
        )
        let result = AppLauncher().launch(request)
        try? FileManager.default.removeItem(at: stderrURL)
        guard let trace = result.trace else {
            var message = result.record.message ?? "The launch produced no trace."
            if let tail = result.record.stderrTail { message += "\nThe app's standard error ended with:\n\(tail)" }
            throw CLIError(message, exitCode: .launchFailed)
        }
        if json {
            print(String(decoding: try TraceJSON.makeEncoder().encode(trace), as: UTF8.self))
        } else {
            print(PhaseTable(trace: trace).render(), terminator: "")
            print("trace written to \(traceURL.path)")
        }
    }
}
