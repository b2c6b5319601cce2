import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a process listens on a TCP port, read from `/proc` without touching the process:
/// `/proc/net/tcp` and `/proc/net/tcp6` list the listening sockets with their inodes, and
/// `/proc/<pid>/fd` says which sockets the process holds. No connection is made.
enum ListeningSockets {
    /// The inodes of the sockets listening on `port` (any address), IPv4 and IPv6.
    static func listeningInodes(port: Int) -> Set<UInt64> {
        var inodes: Set<UInt64> = []
        let hexPort = String(format: ":%04X", port)
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = ProcFile.read(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                // sl local_address rem_address st ... inode (field 9); st 0A is LISTEN.
                guard fields.count > 9, fields[3] == "0A", fields[1].hasSuffix(hexPort), let inode = UInt64(fields[9]) else { continue }
                inodes.insert(inode)
            }
        }
        return inodes
    }

    /// Whether `pid` holds one of the sockets `inodes`.
    static func process(_ pid: pid_t, holdsAnyOf inodes: Set<UInt64>) -> Bool {
        guard !inodes.isEmpty else { return false }
        let folder = "/proc/\(pid)/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        var buffer = [CChar](repeating: 0, count: 64)
        for entry in entries {
            let n = readlink(folder + "/" + entry, &buffer, buffer.count - 1)
            guard n > 8 else { continue }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard target.hasPrefix("socket:["), let inode = UInt64(target.dropFirst(8).dropLast()) else { continue }
            if inodes.contains(inode) { return true }
        }
        return false
    }

    /// Whether `pid` listens on `port`.
    static func isListening(pid: pid_t, port: Int) -> Bool {
        process(pid, holdsAnyOf: listeningInodes(port: port))
    }
}
