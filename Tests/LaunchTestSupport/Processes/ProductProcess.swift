import Foundation

/// A built product (`launchprof`, an app) started as a real process, its standard output and
/// error captured to files: the one process-running helper of the test targets.
///
/// ```swift
/// let output = try BuiltProducts.launchprof(["run", "--runs", "3", "--", "/usr/bin/git", "--version"])
/// #expect(output.status == 0)
/// ```
package struct ProductProcess {
    /// What a finished process left.
    package struct Output: Sendable, Equatable {
        /// The exit status (or the signal number, for a process a signal ended).
        package var status: Int32
        /// Everything written to standard output.
        package var stdout: String
        /// Everything written to standard error.
        package var stderr: String

        /// Creates an output.
        package init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The command did not finish within its time; it was terminated.
    package struct TimeoutError: Error, CustomStringConvertible {
        /// The command line.
        package var command: String
        /// A sentence naming the command.
        package var description: String { "The command did not finish in time: \(command)" }
    }

    /// The running process.
    package let process: Process
    private let out: URL
    private let err: URL
    private let command: String

    /// Starts `executable ARGUMENTS` in `directory` with the test's environment less every
    /// `LAUNCHPROF_` variable, plus `environment` and `NO_COLOR=1`.
    package static func start(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProductProcess {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAUNCHPROF_") }
        env["NO_COLOR"] = "1"
        env.merge(environment) { _, new in new }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory
        let out = scratch.appendingPathComponent("product-\(UUID().uuidString).out")
        let err = scratch.appendingPathComponent("product-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let command = ([executable] + arguments).joined(separator: " ")
        return ProductProcess(process: process, out: out, err: err, command: command)
    }

    /// Waits for the end, at most `timeout` seconds (then terminates it and throws
    /// ``TimeoutError``), and reads what it wrote.
    package func wait(timeout: Double = 300) throws -> Output {
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw TimeoutError(command: command)
            }
            usleep(10_000)
        }
        return Output(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }
}
