import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The program's output read from a pipe, line by line, against a `stdout:`/`stderr:`
/// pattern; the error stream is copied on to its file, and the last 2 KiB are kept.
final class OutputLines {
    /// The runner's end of the pipe (non-blocking).
    let fd: Int32
    private let regex: Regex<AnyRegexOutput>?
    private let copy: FileHandle?
    private var pending: [UInt8] = []
    private var kept: [UInt8] = []
    private var matched = false
    private static let keptBytes = 2048

    /// Reads `fd`, matching lines against `pattern`; copies what it reads to `copyTo` if given.
    init(fd: Int32, pattern: String, copyTo path: String?) {
        self.fd = fd
        regex = try? Regex(pattern)
        if let path, FileManager.default.createFile(atPath: path, contents: nil) {
            copy = FileHandle(forWritingAtPath: path)
        } else {
            copy = nil
        }
    }

    deinit {
        close(fd)
        try? copy?.close()
    }

    /// Reads everything available; true once a line has matched.
    func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            let chunk = buffer[0..<n]
            copy?.write(Data(chunk))
            kept = Array((kept + chunk).suffix(Self.keptBytes))
            if !matched { scan(chunk) }
        }
        return matched
    }

    /// The last lines read.
    var tail: String? {
        let text = String(decoding: kept, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private func scan(_ chunk: ArraySlice<UInt8>) {
        pending.append(contentsOf: chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            if let regex, (try? regex.firstMatch(in: line)) != nil {
                matched = true
                return
            }
        }
    }
}
