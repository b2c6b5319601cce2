import LaunchTrace

extension MetricName {
    /// Whether only a diagnosis launch measures this metric (its instruments make it): the stall
    /// watchdog's `stallCount` and `longestStall`, the tracer's `blockingTime.<kind>` and
    /// `blockingCalls.<kind>`, and `profilerOverhead` (the instruments' own time). Every other
    /// metric a measurement launch reports (phases, spans, totals, thread state, memory) is its.
    public var needsDiagnosisLaunch: Bool {
        [.stallCount, .longestStall, .profilerOverhead].contains(self)
            || rawValue.hasPrefix(Self.blockingTimePrefix) || rawValue.hasPrefix(Self.blockingCallsPrefix)
    }
}
