/// What kind of work held the main thread.
package enum BlockingKind: String, Codable, Sendable, CaseIterable {
    /// File reads, writes, opens, syncs and metadata (`open`, `read`, `fsync`, `stat`, …).
    case fileIO
    /// Sockets (`connect`, `send`, `recv`, `accept`, …).
    case network
    /// Sleeping (`nanosleep`, `usleep`, `sleep`).
    case sleep
    /// Waiting on a lock, semaphore or condition (`sem_wait`, `pthread_cond_wait`, contended mutex).
    case lock
    /// Waiting for events or a child process (`poll`, `select`, `epoll_wait`, `waitpid`).
    case wait
    /// Page faults (major faults read from disk).
    case pageFaults
    /// Running on the CPU.
    case cpu
}
