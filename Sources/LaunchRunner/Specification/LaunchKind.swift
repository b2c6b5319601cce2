/// What a launch is for: a profiled launch carries the instruments and gives phases, thread
/// state, findings and profiles; a timing launch carries nothing at all and gives the time to
/// ready of a program that writes no trace.
public enum LaunchKind: String, Sendable, Equatable, CaseIterable {
    /// The instruments of ``LaunchSpecification/instruments``, the runner's gate and variables,
    /// the trace file.
    case profiled
    /// Nothing preloaded, no perf events, no `LAUNCHPROF_` variables, no trace file, no gate:
    /// only the clock from just before the process is created to readiness, as `hyperfine`
    /// times a command.
    case timing
}
