import Foundation
import Synchronization

/// A built app running as a child process, with its output collected, for tests that
/// follow its life cycle. Every wait has a timeout, so a test never hangs.
final class AppProcess {
    /// What a finished process left behind.
    struct Result: Sendable {
        var status: Int32
        var terminatedBySignal: Bool
        var standardOutput: String
        var standardError: String
    }

    /// Output collected from one pipe.
    private final class Collector: Sendable {
        let data = Mutex(Data())
        var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
    }

    private let process: Process
    private let output = Collector()
    private let errors = Collector()

    /// Starts `executable` with `environment` added to this process's environment.
    init(_ executable: URL, environment: [String: String]) throws {
        process = Process()
        process.executableURL = executable
        process.environment = ProcessInfo.processInfo.environment
            .filter {
                !$0.key.hasPrefix("LAUNCHPROF_") && !$0.key.hasPrefix("LAUNCHKIT_") && $0.key != "FIXTURE_BEHAVIOR"
            }
            .merging(environment) { $1 }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        for (pipe, collector) in [(outputPipe, output), (errorPipe, errors)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if chunk.isEmpty { handle.readabilityHandler = nil }
                collector.data.withLock { $0.append(chunk) }
            }
        }
        try process.run()
    }

    /// Runs `executable` to the end (or kills it after `timeout` seconds).
    static func run(_ executable: URL, environment: [String: String], timeout: Double = 60) throws -> Result {
        let app = try AppProcess(executable, environment: environment)
        return try app.waitForExit(timeout: timeout)
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// The standard output so far, split into lines.
    var outputLines: [String] {
        output.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Waits until the standard output has `count` lines equal to `line`.
    func waitForLine(_ line: String, count: Int = 1, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while outputLines.filter({ $0 == line }).count < count {
            guard Date() < deadline, process.isRunning || outputLines.filter({ $0 == line }).count >= count else {
                kill(process.processIdentifier, SIGKILL)
                throw AppProcessError(
                    message:
                        "\(process.executableURL?.lastPathComponent ?? "app") did not print \"\(line)\" (\(count)x) within \(timeout) s; its output was: \(outputLines) and its errors: \(errors.text)"
                )
            }
            usleep(5_000)
        }
    }

    /// Kills the process if it still runs (a test that failed half-way leaves nothing behind).
    func killIfRunning() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit; kills it and throws after `timeout` seconds.
    func waitForExit(timeout: Double = 30) throws -> Result {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw AppProcessError(
                    message:
                        "\(process.executableURL?.lastPathComponent ?? "app") did not exit within \(timeout) s; its output was: \(output.text) and its errors: \(errors.text)"
                )
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        usleep(20_000)  // lets the readability handlers take the last output
        return Result(
            status: process.terminationStatus,
            terminatedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: output.text,
            standardError: errors.text
        )
    }
}

/// A child process did not do what a test waited for.
struct AppProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
