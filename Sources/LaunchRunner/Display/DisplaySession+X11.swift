import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySession {
    /// Xvfb's screen: large enough for a desktop program's first window.
    static let xvfbScreen = "1280x800x24"

    /// Starts Xvfb on a free display number (`-displayfd`: the server writes its number once it
    /// accepts clients), with no TCP listener and no reset when its last client leaves. A signal
    /// that interrupts launchprof meanwhile ends the wait at once: Xvfb is ended, the error's code
    /// is `interrupted`.
    static func startX11() throws(LaunchProfilerError) -> DisplaySession {
        let xvfb = try program("Xvfb", package: "xvfb")
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw LaunchProfilerError.displayFailed(server: xvfb, reason: String(cString: strerror(errno)), log: nil)
        }
        // No launch inherits them; the keeper's copy of the write end is its own.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        defer { Glibc.close(ends[0]) }
        let started: (keeper: pid_t, control: Int32)
        let log: String
        do throws(LaunchProfilerError) {
            log = try makeLog("xvfb", server: xvfb)
            started = try start(
                xvfb, arguments: ["-displayfd", "3", "-screen", "0", xvfbScreen, "-nolisten", "tcp", "-noreset"],
                environment: AppLauncher.runnerEnvironment, readyFD: ends[1], cleanup: [], log: log)
        } catch {
            Glibc.close(ends[1])
            throw error
        }
        Glibc.close(ends[1])
        var text = ""
        let wait = DisplayStartWait.wait(fd: ends[0], intervalMs: 100, timeoutMs: startTimeoutMs) {
            readDisplayNumber(ends[0], text: &text)
        }
        if let error = abandon(started, server: xvfb, log: log, wait: wait) { throw error }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return DisplaySession(
            address: DisplayAddress(server: .x11, name: ":\(number)", owned: true), keeper: started.keeper,
            control: started.control, log: log)
    }

    /// Reads what Xvfb wrote on `fd` (non-blocking) since the last call onto `text`:
    /// ``DisplayStartWait/accepted`` once its display number and newline came, a failure when it
    /// closed the pipe first or wrote something else, nil while it has not yet.
    private static func readDisplayNumber(_ fd: Int32, text: inout String) -> DisplayStartWait? {
        var buffer = [UInt8](repeating: 0, count: 32)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN { return nil }
            guard n > 0 else { return .failed("it ended before it accepted clients") }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
            guard text.hasSuffix("\n") else { continue }
            let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            return number == nil ? .failed("it wrote no display number (\(text.debugDescription))") : .accepted
        }
    }
}
