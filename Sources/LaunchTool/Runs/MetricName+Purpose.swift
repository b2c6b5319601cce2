import LaunchTrace

extension MetricName {
    /// The main thread's state the probe reads at each phase boundary (schedstat, rusage), which
    /// a measurement launch does not read.
    static let threadStateMetrics: [MetricName] = [
        .mainThreadBlocked, .mainThreadOnCpu, .mainThreadRunnable, .majorFaults, .minorFaults,
    ]

    /// Whether only a diagnosis launch measures this metric (its instruments make it): the stall
    /// watchdog's `stallCount` and `longestStall`, the tracer's `blockingTime.<kind>` and
    /// `blockingCalls.<kind>`, `profilerOverhead` (the instruments' own time), and the main
    /// thread's state (`mainThreadBlocked`, `<phase>.onCpu`, `minorFaults`, …). Every other
    /// metric a measurement launch reports (phases, spans, totals, memory) is its.
    package var needsDiagnosisLaunch: Bool {
        [.stallCount, .longestStall, .profilerOverhead].contains(self) || Self.threadStateMetrics.contains(self)
            || phaseMetric?.part != nil
            || rawValue.hasPrefix(Self.blockingTimePrefix) || rawValue.hasPrefix(Self.blockingCallsPrefix)
    }
}
