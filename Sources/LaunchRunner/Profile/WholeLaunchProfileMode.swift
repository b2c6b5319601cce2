/// Whether launches get a whole-launch profile from perf events.
package enum WholeLaunchProfileMode: String, Sendable, CaseIterable {
    /// perf events on the child from exec (the default); where they are not permitted, the
    /// stall sampler takes over and the trace says why.
    case perf
    /// No whole-launch profile: stalls are sampled by the configured stall sampler.
    case off
}
