import ArgumentParser
import LaunchRunner
import LaunchTrace

/// How each launch of `run` and `trace` goes: scenario, timeout and exit point.
struct ProgramLaunchOptions: ParsableArguments {
    @Option(
        help:
            "Scenario: warm, cold (page cache evicted before each launch), resume (background and back) or background (a LaunchKit app launched for a background reason: no scene, no window; it ends when didFinishLaunching returns)."
    )
    var scenario: Scenario = .warm

    @Option(
        parsing: .unconditional,
        help: "Seconds after which a launch that has not ended is killed and reported as timed out.")
    var timeout: Double = LaunchSpecification.defaultTimeoutSeconds

    @Option(
        help: ArgumentHelp(
            "Where each launch ends (default: active; resumed for resume).",
            valueName: ExitPoint.allCases.map(\.rawValue).joined(separator: "|")
        ))
    var exitAfter: ExitPoint?

    @Option(
        help: ArgumentHelp(
            "Launch a LaunchKit app for a reason, as UIKit would: a URL to open, a remote notification's payload or a user activity (the launch options, and a scene-based app's connection options). With --scenario background the default is a silent remote notification, notification:{\"aps\":{\"content-available\":1}}.",
            valueName: "url:URL|notification:JSON|activity:TYPE"))
    var launchReason: String?

    @Flag(help: "Show the program's standard output and error instead of discarding them (hyperfine's --show-output).")
    var showOutput = false

    @Option(help: ArgumentHelp("A shell command run before each launch, not timed.", valueName: "CMD"))
    var prepare: String?

    @Option(help: ArgumentHelp("A shell command run once before the first launch.", valueName: "CMD"))
    var setup: String?

    @Option(
        help: ArgumentHelp(
            "A shell command run once after the last launch, even when launches failed.", valueName: "CMD"))
    var cleanup: String?

    @Option(
        help: ArgumentHelp(
            "Run every launch on these CPUs only (sched_setaffinity in the child before it execs), like 1 or 2-3.",
            valueName: "LIST"))
    var cpu: String?

    @Option(
        help: ArgumentHelp(
            "Run launchprof's own work (the runner, analysis, reports, builds) on these CPUs, like 0.",
            valueName: "LIST"))
    var ownCpu: String?

    /// The longest timeout: one day, the longest time a trace may hold.
    static let maximumTimeout = Double(LaunchTrace.maximumTimeNs) / 1e9

    func validate() throws {
        guard timeout > 0, timeout <= Self.maximumTimeout else {
            throw ValidationError(
                "--timeout must be a number of seconds above 0 and at most \(Int(Self.maximumTimeout)) (one day); \(timeout) is not."
            )
        }
        _ = try reason()
        if scenario == .background, let exitAfter, exitAfter != .active {
            throw ValidationError(
                "--exit-after \(exitAfter.rawValue) cannot end a background launch (--scenario background), which ends when didFinishLaunching returns, with no frame and never active; leave --exit-after out, or give active."
            )
        }
    }

    /// The parsed `--launch-reason`, if given.
    func reason() throws -> LaunchReason? {
        guard let launchReason else { return nil }
        do throws(LaunchProfilerError) {
            return try LaunchReason(parsing: launchReason)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The launch specification of `command` (the executable's path, then its arguments) under
    /// these options: the one place `run`, `trace` and `compare` turn options into a launch.
    func specification(
        of command: [String], environment: [String: String] = [:], readiness: ReadinessSettings,
        instruments: InstrumentSettings
    ) -> LaunchSpecification {
        let given = (try? reason()) ?? nil
        let reasonEnvironment = (given ?? (scenario == .background ? .backgroundDefault : nil))?.environment ?? [:]
        var specification = LaunchSpecification(
            executable: command[0], arguments: Array(command.dropFirst()),
            environment: environment.merging(reasonEnvironment) { $1 }, scenario: scenario,
            timeoutSeconds: timeout, exitAfter: exitAfter, readiness: readiness, instruments: instruments
        )
        specification.showOutput = showOutput
        specification.prepareCommand = prepare
        return specification
    }

    /// Runs `body` between `--setup` and `--cleanup` (the cleanup whatever `body` does).
    ///
    /// - Throws: a ``CLIError`` when `--setup` fails (nothing is launched), or what `body` throws.
    func aroundLaunches<T>(_ body: () throws -> T) throws -> T {
        try pinCPUs()
        if let failure = PrepareCommand.run(setup, role: "--setup") { throw CLIError(failure) }
        defer {
            if let failure = PrepareCommand.run(cleanup, role: "--cleanup") {
                Terminal.printError("launchprof: \(failure)")
            }
        }
        return try body()
    }

    /// Applies `--own-cpu` to launchprof's threads and `--cpu` to every launch from now on.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when a list is not one of online CPUs.
    func pinCPUs() throws {
        if let ownCpu { try CPUSet(parsing: ownCpu, option: "--own-cpu").pinThisProcess() }
        let launches = try cpu.map { list throws(LaunchProfilerError) in try CPUSet(parsing: list) }
        CPUSet.launches.withLock { $0 = launches }
    }
}
