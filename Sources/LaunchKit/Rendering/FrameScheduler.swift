/// Schedules frame commits: at most one pending commit, run at the end of the current
/// main-queue turn (`DispatchQueue.main.async`), or by hand in tests.
@MainActor
final class FrameScheduler {
    /// How a scheduled commit runs.
    enum Mode {
        /// On the main queue, after the work that scheduled it.
        case mainQueue
        /// Only when ``runPending()`` is called (tests drive the pipeline step by step).
        case manual
    }

    let mode: Mode
    /// What a commit does; the application sets it.
    var commit: @MainActor () -> Void = {}
    /// Whether a commit is scheduled and has not run.
    private(set) var isPending = false

    init(mode: Mode) {
        self.mode = mode
    }

    /// Schedules a commit unless one is pending.
    func schedule() {
        guard !isPending else { return }
        isPending = true
        guard mode == .mainQueue else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.runPending() }
        }
    }

    /// Runs the pending commit, if any.
    func runPending() {
        guard isPending else { return }
        isPending = false
        commit()
    }
}
