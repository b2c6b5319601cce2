import LaunchTrace

/// What one launch of a ``ScriptedLauncher`` does: completes with phase durations of the
/// script's choosing, or fails the way a real launch can.
package enum ScriptedLaunch: Sendable, Equatable {
    /// The app reaches its exit point; each phase named here lasts that many milliseconds, the
    /// later phases and the totals moving with it.
    case completed(phasesMs: [PhaseName: Double])
    /// The app is killed by `signal` in its last phase; no trace.
    case crashed(signal: Int32)
    /// The app exits with `status` and writes no trace.
    case exitedWithError(status: Int32)
    /// The app is still running at the timeout and is killed.
    case timedOut

    /// A launch that completes with the template's phases unchanged.
    package static let completed = ScriptedLaunch.completed(phasesMs: [:])

    /// A launch that completes with `phase` lasting `milliseconds`.
    package static func completed(_ phase: PhaseName, ms milliseconds: Double) -> ScriptedLaunch {
        .completed(phasesMs: [phase: milliseconds])
    }
}
