/// How the stall sampler takes the main thread's stacks (`LAUNCHPROF_SAMPLER`).
package enum SamplerMethod: String, Codable, Sendable, CaseIterable {
    /// The runner samples from outside with ptrace (the runner's default): no signal reaches
    /// the app, sleeping calls are restarted transparently; the probe tells the runner when a
    /// stall starts and ends over `LAUNCHPROF_STALL_FD`.
    case ptrace
    /// The app samples itself with a signal (the standalone fallback; can cut sleeps short).
    case signal
    /// Stalls are detected and timed, without stacks.
    case none
}
