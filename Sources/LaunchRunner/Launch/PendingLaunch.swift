import LaunchTrace

/// A launch whose process has ended, with the work on what it left still to do: reading its
/// profile and its trace, writing the trace file. ``LaunchSession/launch(_:meanwhile:)`` starts
/// the next launch before that work, so the work does not stand between two launches (a gap of
/// a few milliseconds made the next launch of `git --version` 25 % slower on this kind of VM).
///
/// ```swift
/// let pending = launcher.start(request)
/// let result = pending.complete()
/// ```
package final class PendingLaunch {
    private enum State {
        case pending(() -> LaunchResult)
        case done(LaunchResult)
    }

    private var state: State

    /// A launch with `finish` still to do; it runs once, on the first ``complete()``.
    package init(finish: @escaping () -> LaunchResult) {
        state = .pending(finish)
    }

    /// A launch with nothing left to do (it failed to start, or its launcher does it all at once).
    package init(result: LaunchResult) {
        state = .done(result)
    }

    /// The launch's result, doing what was left the first time.
    package func complete() -> LaunchResult {
        switch state {
        case .done(let result):
            return result
        case .pending(let finish):
            let result = finish()
            state = .done(result)
            return result
        }
    }
}
