import Foundation
import LaunchTrace
import Testing

/// `Process.runUntilExit(meanwhile:)`: what every command launchprof runs (git, the loader's
/// checks, `--prepare`, symbolizers) relies on when it returns.
@Suite("Process.runUntilExit")
struct ProcessExitTests {
    static func shell(_ script: String) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        return (process, output)
    }

    @Test("returns what was read meanwhile once the process has exited, its status set")
    func exited() throws {
        let (process, output) = Self.shell("echo out; exit 3")
        let data = try process.runUntilExit { output.fileHandleForReading.readDataToEndOfFile() }
        #expect(String(decoding: data, as: UTF8.self) == "out\n")
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
    }

    @Test("waits for a process that closes its output before it exits")
    func outputClosedFirst() throws {
        let (process, output) = Self.shell("exec >&-; sleep 0.2; exit 4")
        _ = try process.runUntilExit { output.fileHandleForReading.readDataToEndOfFile() }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 4)
    }

    @Test("a program that cannot start throws, and nothing waits")
    func cannotStart() {
        let process = Process()
        process.executableURL = URL(filePath: "/nonexistent/program")
        #expect(throws: (any Error).self) { try process.runUntilExit() }
    }
}
