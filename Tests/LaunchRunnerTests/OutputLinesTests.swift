import Foundation
import Testing

@testable import LaunchRunner

#if canImport(Glibc)
    import Glibc
#endif

/// The output pipe read against a `stdout:` pattern: a line is matched to its end however
/// long, UTF-8 is never split, and a last line without a newline counts when the pipe closes.
@Suite("OutputLines")
struct OutputLinesTests {
    /// A pipe whose read end an ``OutputLines`` reads; the test writes the other end.
    final class TestPipe {
        let lines: OutputLines
        private(set) var writeEnd: Int32

        init(pattern: String) throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            lines = OutputLines(fd: ends[0], pattern: pattern, copyTo: nil)
            writeEnd = ends[1]
        }

        deinit { if writeEnd >= 0 { close(writeEnd) } }

        /// Writes `bytes` in pieces of at most 32 KiB (half the pipe's buffer), reading after each;
        /// whether a line matched after the last.
        func write(_ bytes: [UInt8]) -> Bool {
            var start = 0
            var matched = false
            while start < bytes.count {
                let end = min(start + 32768, bytes.count)
                let written = bytes[start..<end].withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
                guard written > 0 else { return false }
                start += written
                matched = lines.readAvailable()
            }
            return matched
        }

        func write(_ text: String) -> Bool { write(Array(text.utf8)) }

        /// Closes the writing end (the program exited): whether a line matched then.
        func closeWriter() -> Bool {
            if writeEnd >= 0 { close(writeEnd) }
            writeEnd = -1
            return lines.readAvailable()
        }
    }

    @Test("a line longer than 64 KiB is matched to its end: a million a then b is not ^a+$")
    func longLine() throws {
        let pipe = try TestPipe(pattern: "^a+$")
        #expect(pipe.write([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000) + Array("b\n".utf8)) == false)
        #expect(pipe.write([UInt8](repeating: UInt8(ascii: "a"), count: 200_000) + [10]))
    }

    @Test("a character across the old 64 KiB cut is whole: 65,535 a, é, a is not [^a]$")
    func characterAtTheCut() throws {
        let pipe = try TestPipe(pattern: "[^a]$")
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 65535) + Array("éa\n".utf8)
        #expect(pipe.write(line) == false)
        #expect(pipe.write("aé\n"))
    }

    @Test("a character split between two reads is one character")
    func splitCharacter() throws {
        let pipe = try TestPipe(pattern: "^café$")
        let bytes = Array("café\n".utf8)
        #expect(pipe.write(Array(bytes[0..<4])) == false)
        #expect(pipe.write(Array(bytes[4...])))
    }

    @Test("a last line without a newline is matched when the pipe closes, $ included")
    func lastLineAtClose() throws {
        let pipe = try TestPipe(pattern: "^ready$")
        #expect(pipe.write("starting\nready") == false)
        #expect(pipe.closeWriter())
        #expect(pipe.lines.isClosed)
    }

    @Test("a last line is not a line when nothing follows the last newline")
    func nothingAfterNewline() throws {
        let pipe = try TestPipe(pattern: "^$")
        #expect(pipe.write("ready\n") == false)
        #expect(pipe.closeWriter() == false)
        let empty = try TestPipe(pattern: "^$")
        #expect(empty.write("x\n\ny"))
    }

    @Test("a line that matches whatever follows is ready before its newline")
    func readyBeforeNewline() throws {
        let pipe = try TestPipe(pattern: "listening on [0-9]+")
        #expect(pipe.write("listening on 80"))
        let anchored = try TestPipe(pattern: "listening on [0-9]+$")
        #expect(anchored.write("listening on 80") == false)
        #expect(anchored.write("80 now\n") == false)
    }
}
