import CLaunchRunner
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a process listens on a TCP port, asked of its own sockets without touching the
/// process: the socket descriptors in `/proc/<pid>/fd` are copied into the runner with
/// `pidfd_getfd`, and each copy is asked whether it listens (`SO_ACCEPTCONN`) and on which port
/// (`getsockname`). No connection is made, and the program is not stopped.
///
/// `/proc/net/tcp` was the first way: reading it walks the kernel's whole connection table,
/// which took 95 ms per read of `tcp` and `tcp6` on the development machine, every millisecond.
enum ListeningSockets {
    /// Whether the process behind `pidfd` (`pid`) holds a socket listening on `port`.
    static func isListening(pid: pid_t, pidfd: Int32, port: Int) -> Bool {
        guard pidfd >= 0 else { return false }
        for fd in socketDescriptors(of: pid) {
            let copy = lp_pidfd_getfd(pidfd, fd)
            guard copy >= 0 else { continue }
            defer { close(copy) }
            if listens(copy, on: port) { return true }
        }
        return false
    }

    /// The descriptor numbers of `pid` that are sockets.
    static func socketDescriptors(of pid: pid_t) -> [Int32] {
        let folder = "/proc/\(pid)/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var buffer = [CChar](repeating: 0, count: 64)
        return entries.compactMap { entry in
            let n = readlink(folder + "/" + entry, &buffer, buffer.count - 1)
            guard n > 8 else { return nil }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return target.hasPrefix("socket:[") ? Int32(entry) : nil
        }
    }

    /// Whether socket `fd` listens on TCP `port` (IPv4 or IPv6).
    static func listens(_ fd: Int32, on port: Int) -> Bool {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting != 0 else { return false }
        var address = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &addressLength) }
        }
        guard named == 0 else { return false }
        // sin_port and sin6_port are at the same offset, right after the family.
        let bound = withUnsafeBytes(of: &address) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
        let family = Int32(address.ss_family)
        return (family == AF_INET || family == AF_INET6) && Int(bound) == port
    }
}
