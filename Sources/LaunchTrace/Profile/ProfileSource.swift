/// Which instrument produced a launch's whole-launch profile.
package enum ProfileSource: String, Codable, Sendable, CaseIterable {
    /// Linux perf events opened by the runner on the child (the default).
    case perf
    /// perf events were not permitted; the runner's ptrace stall sampler took stacks instead,
    /// during stalls only.
    case ptrace
    /// No whole-launch profile was taken.
    case none
}
