import CLaunchRunner
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// How waiting for a headless display server to accept clients ended. The wait polls the
/// interruption descriptor (``RunInterruption``) between attempts, so SIGINT, SIGTERM or SIGHUP
/// end it at once.
///
/// ```swift
/// let outcome = DisplayStartWait.wait(timeoutMs: 15_000) { connects(to: socket) ? .accepted : nil }
/// ```
enum DisplayStartWait: Equatable {
    /// The server accepts clients.
    case accepted
    /// The server will not: why, in words that follow "could not be started: ".
    case failed(String)
    /// launchprof received this signal while it waited.
    case interrupted(Int32)

    /// Calls `attempt` until it gives an outcome, launchprof is interrupted, or `timeoutMs`
    /// passes ("it did not accept clients within N s"). Between attempts it sleeps in `poll` at
    /// most `intervalMs`, on `fd` (when not -1) and the interruption descriptor.
    static func wait(fd: Int32 = -1, intervalMs: Int32 = 5, timeoutMs: Int32, attempt: () -> Self?) -> Self {
        let deadline = lp_monotonic_ns() + Int64(timeoutMs) * 1_000_000
        while true {
            if let signal = RunInterruption.signal { return .interrupted(signal) }
            if let outcome = attempt() { return outcome }
            let left = (deadline - lp_monotonic_ns()) / 1_000_000
            guard left > 0 else { return .failed("it did not accept clients within \(timeoutMs / 1000) s") }
            var slots = [fd, RunInterruption.fd].filter { $0 >= 0 }.map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&slots, nfds_t(slots.count), Int32(min(Int64(intervalMs), left)))
        }
    }

    /// The error for a server that did not start (its `log` tail) or was abandoned when launchprof
    /// was interrupted (code ``LaunchTrace/LaunchProfilerError/Code/interrupted``: exit 130); nil
    /// when it accepted clients.
    func error(server: String, log: String?) -> LaunchProfilerError? {
        switch self {
        case .accepted: return nil
        case .failed(let reason): return LaunchProfilerError.displayFailed(server: server, reason: reason, log: log)
        case .interrupted(let signal): return LaunchProfilerError.displayInterrupted(server: server, signal: signal)
        }
    }
}
