import LaunchTrace

/// A launch made ready to start (``Launcher/stage(_:)``): everything that can be done before its
/// process is created is done, so that it starts at once when asked, in particular right after
/// another launch has ended (``LaunchSession/launch(_:meanwhile:)``). A staged launch that is
/// never started releases what it holds when it goes.
///
/// ```swift
/// let next = launcher.stage(request)
/// let pending = next.start()
/// ```
package final class StagedLaunch {
    private enum State {
        case ready(() -> PendingLaunch)
        case started(PendingLaunch)
    }

    private var state: State

    /// Whether the launch may leave a standard error file for its session to delete; false for a
    /// launch whose standard error goes to `/dev/null`, which saves the runner an `unlink` between
    /// two launches.
    package let mayLeaveStderrFile: Bool

    /// A launch that `begin` starts, once, on the first ``start()``.
    package init(mayLeaveStderrFile: Bool = true, begin: @escaping () -> PendingLaunch) {
        state = .ready(begin)
        self.mayLeaveStderrFile = mayLeaveStderrFile
    }

    /// A launch that already has its result (it cannot start: its program is not executable).
    package init(result: LaunchResult) {
        state = .started(PendingLaunch(result: result))
        mayLeaveStderrFile = false
    }

    /// Starts the launch (the first time) and returns it once its process has ended.
    package func start() -> PendingLaunch {
        switch state {
        case .started(let pending):
            return pending
        case .ready(let begin):
            let pending = begin()
            state = .started(pending)
            return pending
        }
    }
}
