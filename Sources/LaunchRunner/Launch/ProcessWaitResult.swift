import LaunchTrace

/// How one launch's wait ended: the process's termination, whether the runner killed it at
/// the timeout or because launchprof was interrupted, the events read, and how a ready program was ended.
struct ProcessWaitResult {
    var termination: ChildProcess.Termination
    var timedOut: Bool
    /// The signal that interrupted launchprof during the launch (SIGINT, SIGTERM, SIGHUP), if one did.
    var interruptedBy: Int32?
    var events: [ProbeEvent]
    var shutdown: LaunchShutdown?
    /// The process the launch was followed into after its launcher exited, if it was.
    var followed: FollowedLaunch?

    /// Whether the program used LaunchProbe: it sent a progress event of its own (the
    /// tracer's milestones do not count). Such a program is expected to write its trace.
    var isInstrumented: Bool {
        events.contains { [.phase, .firstFrame, .active, .mark, .exitPoint, .finished].contains($0.kind) }
    }
}
