/// What a launch is for: a profiled (diagnosis) launch carries the instruments and gives
/// findings, profiles and the metrics only they measure; a measurement launch of an app gives its
/// reported times with the probe's marks alone; a timing launch carries nothing at all and gives
/// the time to ready of a program that writes no trace; a pre-main launch carries only the loader's audit
/// module and gives the breakdown of the time before `main` (the tracer, preloaded, takes part in
/// every symbol lookup and would inflate relocation).
public enum LaunchKind: String, Sendable, Equatable, CaseIterable {
    /// The instruments of ``LaunchSpecification/instruments``, the runner's gate and variables,
    /// the trace file.
    case profiled
    /// Nothing preloaded, no perf events, no `LAUNCHPROF_` variables, no trace file, no gate:
    /// only the clock from just before the process is created to readiness, as `hyperfine`
    /// times a command.
    case timing
    /// Only the loader's audit module (``InstrumentSettings/auditLibrary``) and the runner's
    /// variables (the event socket, the exit point): no tracer, no perf events, no sampler.
    case preMain
    /// A measurement launch of an app that writes its own trace (LaunchKit, LaunchProbe): the
    /// runner's gate and variables, the trace file and the exit point, with
    /// ``LaunchPurpose/measurement`` so the probe starts no watchdog; no tracer, no perf events,
    /// no sampler, no audit module. Its phases, spans and totals are the ones reported.
    case measurement
}
