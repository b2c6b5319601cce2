import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySession {
    /// The socket a wlroots compositor names first in an empty runtime folder.
    static let cageSocket = "wayland-0"

    /// Starts cage's headless backend (wlroots: a `wl_seat`, which SDL and foot need and weston's
    /// headless backend lacks) in a new 0700 runtime folder, with a client that never ends (cage
    /// ends with its one client), and waits until its socket accepts a connection (an
    /// interruption ends the wait at once, as for weston). wlroots refuses
    /// to run as root: as root, cage runs as the unprivileged user `nobody` (`setpriv`), in a folder
    /// that user owns; root's clients still connect to it.
    static func startCage(_ cage: String) throws(LaunchProfilerError) -> DisplaySession {
        let folder = try runtimeFolder(server: cage)
        var command = [cage, "--", "/bin/sleep", "2147483647"]
        if geteuid() == 0 {
            // setpriv execs cage itself (runuser would stay its parent, and hold back the end of it).
            let setpriv = try program("setpriv", package: "util-linux")
            let (uid, gid) = try give(folder, to: "nobody", server: cage)
            command = [setpriv, "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"] + command
        }
        let wlroots = ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]
        return try startCompositor(
            command, server: cage, name: "cage", socket: cageSocket, folder: folder, environment: wlroots)
    }

    /// A new 0700 folder for a compositor's socket.
    static func runtimeFolder(server: String) throws(LaunchProfilerError) -> String {
        var template = Array("/tmp/launchprof-wayland-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw LaunchProfilerError.displayFailed(server: server, reason: String(cString: strerror(errno)), log: nil)
        }
        return String(cString: made)
    }

    /// Makes `user` the owner of `folder` (the compositor's runtime folder, which it must own);
    /// returns the user's ids.
    private static func give(_ folder: String, to user: String, server: String) throws(LaunchProfilerError)
        -> (uid: uid_t, gid: gid_t)
    {
        guard let entry = getpwnam(user) else {
            rmdir(folder)
            throw LaunchProfilerError.displayFailed(
                server: server, reason: "wlroots refuses to run as root and there is no user \(user) to run it as",
                log: nil)
        }
        guard chown(folder, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(folder)
            throw LaunchProfilerError.displayFailed(server: server, reason: reason, log: nil)
        }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
}
