import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The program's output read from a pipe, line by line, against a `stdout:`/`stderr:`
/// pattern; the error stream is copied on to its file, and the last 2 KiB are kept.
///
/// Nothing here can hold the runner's wait: the pattern is a ``LinePattern`` (linear time, no
/// backtracking), a line is matched on its first ``maximumLineBytes`` bytes, one call reads at
/// most ``maximumBytesPerCall`` (a program that writes without pause still lets the wait check
/// its deadline and signals), and a match gives up as soon as `shouldStop` says so. The copy
/// never traps: once a write to it fails (a full disk), the copy stops and ``copyError`` says why,
/// while the lines are still read and matched.
final class OutputLines {
    /// The runner's end of the pipe (non-blocking).
    let fd: Int32
    private let pattern: LinePattern?
    /// The copy's descriptor, or -1 (none asked for, or a write to it failed).
    private var copy: Int32 = -1
    /// The `errno` of the write to the copy that failed, if one did.
    private(set) var copyError: Int32?
    private var pending: [UInt8] = []
    private var skippingLongLine = false
    private var kept: [UInt8] = []
    private var matched = false
    private static let keptBytes = 2048
    /// The part of a line that is matched; the rest of a longer line is skipped.
    static let maximumLineBytes = 65536
    /// The most one call reads before it returns to the wait.
    static let maximumBytesPerCall = 1 << 20

    /// Reads `fd`, matching lines against `pattern`; copies what it reads to `copyTo` if given.
    init(fd: Int32, pattern: String, copyTo path: String?) {
        self.fd = fd
        self.pattern = try? LinePattern(pattern)
        if let path { copy = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    }

    deinit {
        close(fd)
        if copy >= 0 { close(copy) }
    }

    /// Reads what is available (up to ``maximumBytesPerCall``); true once a line has matched.
    /// `shouldStop` (the launch's deadline passed, the run interrupted) abandons a match.
    func readAvailable(shouldStop: () -> Bool = { false }) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var total = 0
        while total < Self.maximumBytesPerCall, !shouldStop() {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            total += n
            let chunk = buffer[0..<n]
            writeCopy(chunk)
            kept = Array((kept + chunk).suffix(Self.keptBytes))
            if !matched { scan(chunk, shouldStop: shouldStop) }
        }
        return matched
    }

    /// Copies `chunk` to the copy; the first write that fails ends the copy.
    private func writeCopy(_ chunk: ArraySlice<UInt8>) {
        guard copy >= 0 else { return }
        let code = StandardStream.writeAll(Array(chunk), to: copy)
        guard code != 0 else { return }
        copyError = code
        close(copy)
        copy = -1
    }

    /// The last lines read.
    var tail: String? {
        let text = String(decoding: kept, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private func scan(_ chunk: ArraySlice<UInt8>, shouldStop: () -> Bool) {
        pending.append(contentsOf: chunk)
        while !matched {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let wasSkipping = skippingLongLine
                skippingLongLine = false
                if !wasSkipping { match(pending[..<newline], shouldStop: shouldStop) }
                pending.removeSubrange(...newline)
            } else if pending.count >= Self.maximumLineBytes {
                if !skippingLongLine { match(pending[..<Self.maximumLineBytes], shouldStop: shouldStop) }
                skippingLongLine = true
                pending.removeAll(keepingCapacity: true)
            } else {
                return
            }
        }
    }

    private func match(_ line: ArraySlice<UInt8>, shouldStop: () -> Bool) {
        guard let pattern else { return }
        let scalars = String(decoding: line, as: UTF8.self).unicodeScalars.map(\.value)
        if pattern.matches(scalars: scalars, shouldStop: shouldStop) == true { matched = true }
    }
}
