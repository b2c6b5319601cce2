import ArgumentParser
import LaunchTrace
import LaunchReports
import LaunchWorkflow

/// `launchprof trace -- APP [ARGS]`: launches the app once and prints its phase table.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Launch an app once under the profiler and print its phases."
    )

    @OptionGroup var launch: LaunchOptions

    @Option(name: .shortAndLong, help: "Write the trace here (default: a temporary file that is kept and named).")
    var output: String?

    @Flag(help: "Print the trace JSON instead of the table.")
    var json = false

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Argument(parsing: .postTerminator, help: "The app's executable and its arguments, after --.")
    var command: [String] = []

    func run() throws {
        let single = SingleLaunch(
            executable: try ExecutableResolver.resolve(command), arguments: Array(command.dropFirst()),
            scenario: launch.scenario, timeoutSeconds: launch.timeout, exitAfter: launch.exitAfter,
            instruments: try instruments.settings(), output: output
        )
        let (trace, url) = try single.run()
        if json {
            print(String(decoding: try TraceJSON.makeEncoder().encode(trace), as: UTF8.self))
        } else {
            print(PhaseTable(trace: trace).render(attribution: SingleLaunch.attribution(of: trace)), terminator: "")
            print("trace written to \(url.path)")
        }
    }
}
