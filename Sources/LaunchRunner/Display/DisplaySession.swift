import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The display of a run's launches. A headless one (``DisplayKind/x11``: Xvfb,
/// ``DisplayKind/wayland``: weston's headless backend) is started once, before the first launch,
/// and waited on until it accepts clients; its start-up is in no launch's time. A keeper process
/// (`lp_display_start`) ends it and everything on it when ``close()`` is called or launchprof
/// ends in any way (interrupted, crashed, killed), and removes its socket and lock files.
///
/// ```swift
/// let display = try DisplaySession.open(.x11, readiness: .frame(title: nil))   // Xvfb on a free display
/// defer { display?.close() }
/// display?.apply(to: &specification)                               // DISPLAY=:N for the launches
/// ```
package final class DisplaySession {
    /// Where the display is.
    package let address: DisplayAddress
    /// The keeper process of a headless display (0 for the host's).
    private let keeper: pid_t
    /// The runner's end of the keeper's control pipe (-1 once closed, or for the host's display).
    private var control: Int32
    /// The server's output (removed when the display is closed).
    private let log: String?
    /// How long the server may take to accept clients.
    static let startTimeoutMs: Int32 = 15_000

    init(address: DisplayAddress, keeper: pid_t = 0, control: Int32 = -1, log: String? = nil) {
        self.address = address
        self.keeper = keeper
        self.control = control
        self.log = log
    }

    deinit {
        close()
    }

    /// The display the run's programs get: the one `kind` names, or with no `--display`, the
    /// host's (`DISPLAY`, else `WAYLAND_DISPLAY`) and else a headless X server, when `readiness`
    /// is decided by the display; nil when no display is asked for nor needed.
    package static func open(
        _ kind: DisplayKind?, readiness: ReadyCondition?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LaunchProfilerError) -> DisplaySession? {
        let host = hostAddress(environment)
        switch kind {
        case .x11: return try startX11()
        case .wayland: return try startWayland()
        case .host:
            guard let host else { throw LaunchProfilerError.noHostDisplay() }
            return DisplaySession(address: host)
        case nil:
            guard readiness?.isDisplayCondition == true else { return nil }
            if let host { return DisplaySession(address: host) }
            return try startX11()
        }
    }

    /// The host's display: `DISPLAY`, else `WAYLAND_DISPLAY` (with `XDG_RUNTIME_DIR`).
    static func hostAddress(_ environment: [String: String]) -> DisplayAddress? {
        if let name = environment[DisplayAddress.x11Variable], !name.isEmpty {
            return DisplayAddress(server: .x11, name: name, owned: false)
        }
        if let name = environment[DisplayAddress.waylandVariable], !name.isEmpty {
            return DisplayAddress(
                server: .wayland, name: name, runtimeDirectory: environment[DisplayAddress.runtimeDirectoryVariable],
                owned: false)
        }
        return nil
    }

    /// Gives `specification`'s launches this display: its variables, the toolkits' variables that
    /// pick its kind (``DisplayAddress/toolkitAssignments(user:launch:)``: the user's own values
    /// win), and to the readiness watcher where to look. Returns the toolkit variables it set.
    @discardableResult
    package func apply(
        to specification: inout LaunchSpecification,
        userEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        let toolkits = address.toolkitAssignments(user: userEnvironment, launch: specification.environment)
        specification.environment.merge(address.environment) { _, display in display }
        specification.environment.merge(toolkits) { own, _ in own }
        specification.readiness.display = address
        return toolkits
    }

    /// Ends a headless display and everything on it, and waits until it has ended; nothing for
    /// the host's. Called twice, does nothing the second time.
    package func close() {
        guard control >= 0 else { return }
        _ = lp_display_stop(keeper, control)
        control = -1
        if let log { Self.removeLog(log) }
    }

    /// Starts a headless display server under a keeper; its output goes to a log file (made by
    /// ``makeLog(_:server:)``), whose end a failure to start shows (removed by ``close()``; the
    /// keeper removes `cleanup`).
    static func start(
        _ path: String, arguments: [String], environment: [String: String], readyFD: Int32, cleanup: [String],
        log: String
    ) throws(LaunchProfilerError) -> (keeper: pid_t, control: Int32) {
        let argv = CStringArray([path] + arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
        let paths = CStringArray(cleanup)
        var control: Int32 = -1
        let keeper = lp_display_start(path, argv.argv, envp.argv, log, readyFD, paths.argv, 3000, &control)
        guard keeper > 0 else {
            let reason = String(cString: strerror(errno))
            removeLog(log)
            throw LaunchProfilerError.displayFailed(server: path, reason: reason, log: nil)
        }
        return (keeper, control)
    }

    /// The full path of `program` on `PATH`, or an error naming the Debian package that has it.
    static func program(_ name: String, package: String) throws(LaunchProfilerError) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        throw LaunchProfilerError.displayMissing(program: name, package: package)
    }

    /// A log file for the server's output: `NAME.log` in a new 0700 folder of launchprof's own
    /// (mkdtemp) in the temporary folder, so no name another user can plant a link at is opened
    /// (`lp_display_start` creates the file with `O_EXCL | O_NOFOLLOW`). ``removeLog(_:)`` removes
    /// both.
    static func makeLog(_ name: String, server: String) throws(LaunchProfilerError) -> String {
        let environment = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        let folder = environment.isEmpty ? "/tmp" : environment
        var template = Array("\(folder)/launchprof-\(name)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            let reason = "its log folder cannot be made in \(folder): \(String(cString: strerror(errno)))"
            throw LaunchProfilerError.displayFailed(server: server, reason: reason, log: nil)
        }
        return "\(String(cString: made))/\(name).log"
    }

    /// Removes a log made by ``makeLog(_:server:)`` and its folder.
    static func removeLog(_ path: String) {
        unlink(path)
        rmdir((path as NSString).deletingLastPathComponent)
    }

    /// Ends a server that did not start (or whose start was interrupted) and removes its log,
    /// after reading its end for the error `wait` gives.
    static func abandon(
        _ started: (keeper: pid_t, control: Int32), server: String, log: String, wait: DisplayStartWait
    ) -> LaunchProfilerError? {
        guard wait != .accepted else { return nil }
        let tail = logTail(log)
        _ = lp_display_stop(started.keeper, started.control)
        removeLog(log)
        return wait.error(server: server, log: tail)
    }

    /// The last lines of a server's log.
    static func logTail(_ path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").suffix(5)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
