import ArgumentParser
import LaunchTool
import LaunchTrace

/// `launchprof trace -- APP [ARGS]`: launches the app once and prints its phase table.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Launch an app once under the profiler and print its phases.",
        discussion: "The program and its arguments go after --, as in `launchprof trace -- ./MyApp --flag`."
    )

    @OptionGroup var launch: ProgramLaunchOptions

    @OptionGroup(title: "Readiness")
    var readiness: ReadinessOptions

    @OptionGroup(title: "Display")
    var display: DisplayOptions

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
        try LaunchGuard.install()
        var specifications = [
            launch.specification(
                of: [executable] + command.dropFirst(), readiness: try readiness.settings(),
                instruments: try instruments.settings()
            )
        ]
        let session = try display.open(for: &specifications)
        defer { session?.close() }
        let specification = specifications[0]
        let (trace, url) = try launch.aroundLaunches { try SingleLaunch(launch: specification, output: output).run() }
        if json {
            try Terminal.write(String(decoding: try TraceJSON.makeEncoder().encode(trace), as: UTF8.self))
        } else {
            try Terminal.write(
                PhaseTable(trace: trace).render(attribution: SingleLaunch.attribution(of: trace)), terminator: "")
            if let preMain = SingleLaunch.preMainSummary(of: trace) {
                try Terminal.write("\n" + PreMainSection.text(preMain))
            }
            try Terminal.write("trace written to \(url.path)")
        }
    }
}
