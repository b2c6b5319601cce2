import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The datagram socket of systemd's notify protocol: the runner binds it, passes its path in
/// `NOTIFY_SOCKET`, and reads `READY=1` (datagrams of `KEY=VALUE` lines).
final class NotifySocket {
    /// The socket (non-blocking).
    let fd: Int32
    /// Its path in the file system.
    let path: String
    private var ready = false

    /// Binds a fresh socket in the temporary folder.
    init() throws(LaunchProfilerError) {
        let folder = FileManager.default.temporaryDirectory.path
        path = "\(folder)/launchprof-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        fd = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw LaunchProfilerError.eventSocketFailed(reason: String(cString: strerror(errno))) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let fits = bytes.count < MemoryLayout.size(ofValue: address.sun_path)
        if fits {
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
        }
        let bound =
            fits
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            } == 0
        guard bound else {
            let reason = fits ? String(cString: strerror(errno)) : "the path \(path) is too long for a socket"
            close(fd)
            throw LaunchProfilerError.eventSocketFailed(reason: reason)
        }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// Reads every datagram waiting; true once one said `READY=1`.
    func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { break }
            let lines = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n")
            if lines.contains(where: { $0 == ReadyCondition.notifyReadyMessage }) { ready = true }
        }
        return ready
    }
}
