#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, written without ever trapping: the one place LaunchProfiler
/// writes to them (and to a descriptor of its own that may fail, as a copy of a program's output).
///
/// Foundation's `FileHandle.write(_:)` traps (`Fatal error: 'try!'`) when the write fails: standard
/// error on `/dev/full`, a pipe whose reader is gone while SIGPIPE is ignored, a full disk. Here a
/// write is a POSIX `write` loop that retries after `EINTR` (and waits with `poll` after `EAGAIN`),
/// and a failure (`EPIPE`, `ENOSPC`, `EIO`) is an error the caller decides about. SIGPIPE is
/// blocked in the writing thread for the write and a SIGPIPE it raised is taken back, so a reader
/// that went away is `EPIPE` too, not the end of launchprof mid-run.
///
/// ```swift
/// try StandardStream.output.write(report)            // the report: a failure is exit 1
/// StandardStream.error.writeLine("launchprof: note") // a message: a failure cannot be told
/// ```
package enum StandardStream: Sendable {
    /// Standard output.
    case output
    /// Standard error.
    case error

    /// The stream's descriptor.
    package var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// "standard output" or "standard error".
    package var name: String {
        switch self {
        case .output: "standard output"
        case .error: "standard error"
        }
    }

    /// Writes `text` whole.
    ///
    /// - Throws: ``LaunchProfilerError`` (``LaunchProfilerError/Code/writeFailed``) saying why the
    ///   stream cannot be written.
    package func write(_ text: String) throws(LaunchProfilerError) {
        let code = Self.writeAll(Array(text.utf8), to: descriptor)
        guard code != 0 else { return }
        let reason = LaunchProfilerError.systemReason(code)
        throw LaunchProfilerError(
            .writeFailed, "The \(name) cannot be written: \(reason)",
            context: LaunchProfilerError.Context(reason: reason))
    }

    /// Writes `text` and a newline; a failure is dropped (a message on standard error that cannot
    /// be written has nowhere else to go).
    package func writeLine(_ text: String) {
        _ = Self.writeAll(Array((text + "\n").utf8), to: descriptor)
    }

    /// Writes `bytes` whole to `fd`: 0 once written, else the `errno` that stopped the write.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        withSIGPIPEBlocked {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                        continue
                    }
                    let code = written < 0 ? errno : EIO
                    if code == EINTR { continue }
                    if code == EAGAIN || code == EWOULDBLOCK, waitWritable(fd) { continue }
                    return code
                }
                return 0
            }
        }
    }

    /// Waits until `fd` (non-blocking) can be written; false when it never can.
    private static func waitWritable(_ fd: Int32) -> Bool {
        var slot = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&slot, 1, -1) } while ready < 0 && errno == EINTR
        return ready == 1 && slot.revents & Int16(POLLOUT) != 0
    }

    /// Runs `body` with SIGPIPE blocked in this thread; a SIGPIPE it raised (a reader gone) is
    /// taken back before the mask is restored, so it never ends the process.
    private static func withSIGPIPEBlocked(_ body: () -> Int32) -> Int32 {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        let code = body()
        if code == EPIPE, !alreadyPending {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipe, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return code
    }
}
