import LaunchTrace

/// What a launch carries, decided by its ``LaunchTrace/LaunchKind`` and by whether the program
/// writes a trace (``LaunchTrace/LaunchKind/instrumentation(writesTrace:)``).
package enum LaunchInstrumentation: String, Sendable, Equatable, CaseIterable {
    /// The instruments of ``LaunchSpecification/instruments`` but the audit module, the runner's
    /// gate and variables, the trace file (diagnosis and warm-up launches).
    case instruments
    /// Nothing preloaded, no perf events, no `LAUNCHPROF_` variables, no trace file, no gate:
    /// only the clock from just before the process is created to readiness, as `hyperfine`
    /// times a command (a program's measurement launches, primer launches).
    case none
    /// Only the loader's audit module (``InstrumentSettings/auditLibrary``) and the runner's
    /// variables (the event socket, the exit point): no tracer, no perf events, no sampler; the
    /// tracer, preloaded, takes part in every symbol lookup and would inflate relocation.
    case loaderAudit
    /// The runner's gate and variables, the trace file and the exit point, with
    /// ``LaunchTrace/LaunchKind/measurement`` told to the app so the probe starts no watchdog;
    /// no tracer, no perf events, no sampler, no audit module (an app's measurement launches).
    case probeMarks
}

extension LaunchKind {
    /// What a launch of this kind carries; `writesTrace`: whether the program writes its own
    /// trace (a LaunchKit or LaunchProbe app), which decides a measurement launch's.
    package func instrumentation(writesTrace: Bool) -> LaunchInstrumentation {
        switch self {
        case .warmup, .diagnosis: .instruments
        case .measurement: writesTrace ? .probeMarks : .none
        case .preMain: .loaderAudit
        case .primer: .none
        }
    }
}
