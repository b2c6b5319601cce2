import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a `/proc` file whole (their size is 0 to `stat`, so it is read until the end).
enum ProcFile {
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
