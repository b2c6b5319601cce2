import LaunchTrace

/// Everything that decides how one program is launched: the command, its environment, the
/// scenario, when a launch ends (timeout, exit point, readiness), the instruments and what a
/// launch carries of them. The run, compare and trace workflows each hold one specification per program they
/// launch (compare's two sides are two specifications) instead of copying its fields.
///
/// ```swift
/// var specification = LaunchSpecification(executable: "/usr/bin/git", arguments: ["--version"])
/// specification.readiness = ReadinessSettings(condition: .exit)
/// let request = LaunchRequest(specification, files: files, index: 1)
/// ```
package struct LaunchSpecification: Sendable, Equatable {
    /// Absolute path of the program's executable.
    package var executable: String
    /// Arguments passed to the program.
    package var arguments: [String]
    /// Extra environment for the program, on top of the runner's own environment.
    package var environment: [String: String]
    /// Scenario of every launch.
    package var scenario: Scenario
    /// Seconds after which a launch that has not ended is killed with everything it started.
    package var timeoutSeconds: Double
    /// Where a LaunchKit or LaunchProbe app's launch ends; `nil` for the scenario's
    /// ``LaunchTrace/Scenario/defaultExitPoint``.
    package var exitAfter: ExitPoint?
    /// When the program counts as ready (`--ready-when`) and how it is ended afterwards.
    package var readiness: ReadinessSettings
    /// The instruments of a profiled launch (tracer preload, stall sampler, whole-launch profile).
    package var instruments: InstrumentSettings
    /// What the launches carry: the instruments, or less (``LaunchInstrumentation``).
    package var instrumentation: LaunchInstrumentation
    /// Whether the program's standard output and error go to launchprof's own (`--show-output`)
    /// instead of nowhere and a file kept for failed launches.
    package var showOutput = false
    /// A shell command run before each launch, untimed (`--prepare`, hyperfine's): clearing a
    /// cache, resetting a database. A launch whose command fails is not made and is reported.
    package var prepareCommand: String?
    /// Which launches with the loader's audit module alone time each object's relocation with a
    /// mark (``LaunchTrace/ProfilerEnvironment/relocationMarks``). The marks lengthen the launch's
    /// loading, so by default every second pre-main launch carries them and the others give the
    /// parts; compare marks every launch when it compares an object's relocation.
    package var relocationMarks = RelocationMarks.everySecondPreMainLaunch

    /// The launches whose relocation is marked object by object.
    package enum RelocationMarks: String, Sendable, Equatable {
        /// The pre-main launches of even index (2, 4, …).
        case everySecondPreMainLaunch
        /// Every launch that carries the audit module.
        case everyLaunch

        /// Whether a launch of `kind` at `index` with `instrumentation` is marked.
        package func marks(_ kind: LaunchKind, index: Int, instrumentation: LaunchInstrumentation) -> Bool {
            guard instrumentation == .loaderAudit else { return false }
            return switch self {
            case .everySecondPreMainLaunch: kind == .preMain && index.isMultiple(of: 2)
            case .everyLaunch: true
            }
        }
    }

    /// The default timeout of a launch, in seconds.
    package static let defaultTimeoutSeconds = 30.0

    /// Creates a specification.
    package init(
        executable: String, arguments: [String] = [], environment: [String: String] = [:], scenario: Scenario = .warm,
        timeoutSeconds: Double = LaunchSpecification.defaultTimeoutSeconds, exitAfter: ExitPoint? = nil,
        readiness: ReadinessSettings = ReadinessSettings(), instruments: InstrumentSettings = InstrumentSettings(),
        instrumentation: LaunchInstrumentation = .instruments
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.scenario = scenario
        self.timeoutSeconds = timeoutSeconds
        self.exitAfter = exitAfter
        self.readiness = readiness
        self.instruments = instruments
        self.instrumentation = instrumentation
    }

    /// The same launch carrying `instrumentation` (a diagnosis specification's measurement launches).
    package func carrying(_ instrumentation: LaunchInstrumentation) -> LaunchSpecification {
        var copy = self
        copy.instrumentation = instrumentation
        return copy
    }
}
