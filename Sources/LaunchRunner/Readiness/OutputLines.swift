import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The program's output read from a pipe, line by line, against a `stdout:`/`stderr:`
/// pattern; the error stream is copied on to its file, and the last 2 KiB are kept.
///
/// Nothing here can hold the runner's wait: the pattern is a ``LinePattern`` (linear time, no
/// backtracking), a line is fed to its ``LinePattern/Matcher`` as it arrives (a line of any
/// length is matched to its end in the pattern's size of memory, and `$` holds only where it
/// ends), one call reads at most ``maximumBytesPerCall`` (a program that writes without pause
/// still lets the wait check its deadline and signals), and a match gives up as soon as
/// `shouldStop` says so. UTF-8 is decoded across reads (a character split between two reads
/// is one character); a last line without a newline is matched when the pipe closes, or as soon
/// as it matches whatever may follow (`ready`, not `ready$`).
/// The copy never traps: once a write to it fails (a full disk), the copy stops and
/// ``copyError`` says why, while the lines are still read and matched.
final class OutputLines {
    /// The runner's end of the pipe (non-blocking).
    let fd: Int32
    private let pattern: LinePattern?
    private var matcher: LinePattern.Matcher?
    /// The copy's descriptor, or -1 (none asked for, or a write to it failed).
    private var copy: Int32 = -1
    /// The `errno` of the write to the copy that failed, if one did.
    private(set) var copyError: Int32?
    /// The start of a UTF-8 sequence the next read completes (at most 3 bytes).
    private var partial: [UInt8] = []
    /// Whether the current line has any byte yet.
    private var lineStarted = false
    /// The current line was given up (`shouldStop`); the next one is matched.
    private var lineAbandoned = false
    private var kept: [UInt8] = []
    private var matched = false
    /// Whether the pipe reached its end (every writer closed it).
    private(set) var isClosed = false
    private static let keptBytes = 2048
    /// The most one call reads before it returns to the wait.
    static let maximumBytesPerCall = 1 << 20

    /// Reads `fd`, matching lines against `pattern`; copies what it reads to `copyTo` if given.
    init(fd: Int32, pattern: String, copyTo path: String?) {
        self.fd = fd
        self.pattern = try? LinePattern(pattern)
        matcher = self.pattern.map { LinePattern.Matcher($0) }
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
        while total < Self.maximumBytesPerCall, !isClosed, !shouldStop() {
            let n = read(fd, &buffer, buffer.count)
            if n == 0 {
                isClosed = true
                if !matched { endLine(atNewline: false, shouldStop: shouldStop) }
            }
            guard n > 0 else { break }
            total += n
            let chunk = buffer[0..<n]
            writeCopy(chunk)
            kept = Array((kept + chunk).suffix(Self.keptBytes))
            if !matched { scan(chunk, shouldStop: shouldStop) }
        }
        if !matched, !isClosed, lineStarted, !lineAbandoned, matcher?.matchesWhateverFollows() == true {
            matched = true
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
        var rest = chunk
        while !matched, !rest.isEmpty {
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else {
                feed(rest, lineEnds: false, shouldStop: shouldStop)
                return
            }
            feed(rest[..<newline], lineEnds: false, shouldStop: shouldStop)
            endLine(atNewline: true, shouldStop: shouldStop)
            rest = rest[(newline + 1)...]
        }
    }

    /// Feeds `bytes` of the current line to the matcher, holding back an incomplete UTF-8
    /// sequence at their end (unless the line ends: it is then a replacement character).
    private func feed(_ bytes: ArraySlice<UInt8>, lineEnds: Bool, shouldStop: () -> Bool) {
        if !bytes.isEmpty { lineStarted = true }
        var whole = partial
        whole += bytes
        let held = lineEnds ? 0 : Self.incompleteSequenceLength(whole[...])
        partial = Array(whole.suffix(held))
        guard !lineAbandoned, matcher != nil else { return }
        let scalars = String(decoding: whole.dropLast(held), as: UTF8.self).unicodeScalars.lazy.map(\.value)
        switch matcher?.feed(scalars, shouldStop: shouldStop) {
        case true?: matched = true
        case nil: lineAbandoned = true
        default: break
        }
    }

    /// The current line ended: at a newline (an empty line is a line), or at the pipe's end
    /// (a line only if some text came after the last newline).
    private func endLine(atNewline: Bool, shouldStop: () -> Bool) {
        if atNewline || lineStarted || !partial.isEmpty {
            feed([], lineEnds: true, shouldStop: shouldStop)
            if !lineAbandoned, matcher?.finish() == true { matched = true }
        }
        lineStarted = false
        lineAbandoned = false
        matcher = pattern.map { LinePattern.Matcher($0) }
    }

    /// How many bytes at the end of `bytes` start a UTF-8 sequence they do not complete.
    static func incompleteSequenceLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var index = bytes.endIndex
        var count = 0
        while index > bytes.startIndex, count < 4 {
            index -= 1
            count += 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > count ? count : 0
        }
        return 0
    }
}
