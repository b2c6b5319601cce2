import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySession {
    /// The socket name of a headless Wayland display, in its own runtime folder.
    static let waylandSocket = "wayland-launchprof"

    /// Starts a headless Wayland compositor: cage when it is installed (a seat, which SDL and foot
    /// need), else weston.
    static func startWayland() throws(LaunchProfilerError) -> DisplaySession {
        if let cage = try? program("cage", package: "cage") { return try startCage(cage) }
        return try startWeston()
    }

    /// Starts weston's headless backend in a new 0700 runtime folder, waits until its socket
    /// accepts a connection (a signal that interrupts launchprof meanwhile ends the wait at once:
    /// weston is ended, the error's code is `interrupted`). The keeper ends weston's process group
    /// (its keyboard and shell helpers too) and removes the socket, its lock and the folder. It has
    /// no seat.
    static func startWeston() throws(LaunchProfilerError) -> DisplaySession {
        let weston = try program("weston", package: "weston")
        let folder = try runtimeFolder(server: weston)
        let arguments = ["--backend=headless-backend.so", "--socket=\(waylandSocket)", "--idle-time=0", "--no-config"]
        return try startCompositor(
            [weston] + arguments, server: weston, name: "weston", socket: waylandSocket, folder: folder,
            environment: [:])
    }

    /// Starts the compositor `server` by `command` (its program first: the server, or what starts
    /// it) with its socket `socket` in the runtime folder `folder` and the variables `environment`
    /// besides the runner's own, under a keeper that removes the socket, its lock and the folder,
    /// and waits until the socket accepts a connection. Its log is `name.log`.
    static func startCompositor(
        _ command: [String], server: String, name: String, socket: String, folder: String,
        environment: [String: String]
    ) throws(LaunchProfilerError) -> DisplaySession {
        let path = "\(folder)/\(socket)"
        let log: String
        do throws(LaunchProfilerError) {
            log = try makeLog(name, server: server)
        } catch {
            rmdir(folder)
            throw error
        }
        var variables = AppLauncher.runnerEnvironment.merging(environment) { $1 }
        variables[DisplayAddress.runtimeDirectoryVariable] = folder
        variables.removeValue(forKey: DisplayAddress.x11Variable)
        variables.removeValue(forKey: DisplayAddress.waylandVariable)
        let started = try start(
            command[0], arguments: Array(command.dropFirst()), environment: variables, readyFD: -1,
            cleanup: [path, "\(path).lock", folder], log: log)
        let wait = DisplayStartWait.wait(timeoutMs: startTimeoutMs) {
            if connects(to: path) { return .accepted }
            return lp_display_keeper_alive(started.keeper) == 0 ? .failed("it ended before it accepted clients") : nil
        }
        if let error = abandon(started, server: server, log: log, wait: wait) { throw error }
        return DisplaySession(
            address: DisplayAddress(server: .wayland, name: socket, runtimeDirectory: folder, owned: true),
            keeper: started.keeper, control: started.control, log: log)
    }

    /// Whether a Unix socket at `path` accepts a connection.
    static func connects(to path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }
}
