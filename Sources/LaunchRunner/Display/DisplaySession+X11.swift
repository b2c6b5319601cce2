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
    /// accepts clients), with no TCP listener and no reset when its last client leaves.
    static func startX11() throws(LaunchProfilerError) -> DisplaySession {
        let xvfb = try program("Xvfb", package: "xvfb")
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw LaunchProfilerError.displayFailed(server: xvfb, reason: String(cString: strerror(errno)), log: nil)
        }
        // No launch inherits them; the keeper's copy of the write end is its own.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { Glibc.close(ends[0]) }
        let log = logPath("xvfb")
        let started: (keeper: pid_t, control: Int32)
        do throws(LaunchProfilerError) {
            started = try start(
                xvfb, arguments: ["-displayfd", "3", "-screen", "0", xvfbScreen, "-nolisten", "tcp", "-noreset"],
                environment: AppLauncher.runnerEnvironment, readyFD: ends[1], cleanup: [], log: log)
        } catch {
            Glibc.close(ends[1])
            throw error
        }
        Glibc.close(ends[1])
        guard let number = readDisplayNumber(ends[0]) else {
            let tail = logTail(log)
            _ = lp_display_stop(started.keeper, started.control)
            unlink(log)
            throw LaunchProfilerError.displayFailed(
                server: xvfb, reason: "it did not accept clients within \(startTimeoutMs / 1000) s", log: tail)
        }
        return DisplaySession(
            endpoint: DisplayEndpoint(server: .x11, name: ":\(number)", owned: true), keeper: started.keeper,
            control: started.control, log: log)
    }

    /// The display number Xvfb writes on `fd` when it is ready, or nil if it ends or times out first.
    private static func readDisplayNumber(_ fd: Int32) -> Int? {
        var text = ""
        let deadline = lp_monotonic_ns() + Int64(startTimeoutMs) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 32)
        while !text.hasSuffix("\n") {
            let left = Int32(max(0, (deadline - lp_monotonic_ns()) / 1_000_000))
            var slot = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&slot, 1, left) > 0 else { return nil }
            let n = read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
