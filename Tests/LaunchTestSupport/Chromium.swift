import Foundation

/// Debian's headless Chromium, run as a process to load a page and dump its DOM after the
/// page's scripts ran.
package enum Chromium {
    /// The browser's path, or nil when it is not installed.
    package static let path: String? = {
        let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in candidates {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }()

    /// What a finished browser left.
    package struct Output: Sendable {
        /// Exit status.
        package var status: Int32
        /// Standard output (the dumped DOM).
        package var stdout: String
        /// Standard error.
        package var stderr: String
        /// Wall time of the run.
        package var seconds: Double
    }

    /// Runs the browser with `arguments`, waiting at most `timeout` seconds.
    package static func run(_ arguments: [String], timeout: Double = 120) throws -> Output {
        let process = Process()
        guard let path else { throw ChromiumTimeout(seconds: 0) }
        process.executableURL = URL(filePath: path)
        process.arguments =
            ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-dev-shm-usage"] + arguments
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        process.environment = environment
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let started = Date()
        try process.run()
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                process.terminate()
                process.waitUntilExit()
                throw ChromiumTimeout(seconds: timeout)
            }
            usleep(20_000)
        }
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self),
            seconds: Date().timeIntervalSince(started)
        )
    }
}

/// Chromium did not finish in time (or is not installed: 0 seconds).
package struct ChromiumTimeout: Error, CustomStringConvertible {
    /// How long it was given.
    package var seconds: Double
    /// The sentence a failing test shows.
    package var description: String { "Chromium did not finish within \(Int(seconds)) seconds." }
}
