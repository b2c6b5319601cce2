import Foundation

/// Runs the executables built beside the test bundle (`launchprof`, `SampleApp`, `SeedApp`,
/// `FixtureApp`) as real processes.
enum BuiltProducts {
    /// The build folder holding the test bundle and the executables.
    static let directory: URL = {
        let exe = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent()
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// What a finished process left.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `launchprof` with `arguments` in `directory`, waiting at most `timeout` seconds.
    static func launchprof(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: Double = 300) throws -> Output {
        try run(path("launchprof"), arguments, in: directory, environment: environment, timeout: timeout)
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: Double = 300) throws -> Output {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAUNCHPROF_") }
        env.merge(environment) { _, new in new }
        env["NO_COLOR"] = "1"
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString).out")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw TimeoutError(command: ([executable] + arguments).joined(separator: " "))
            }
            usleep(10_000)
        }
        return Output(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8)
        )
    }

    struct TimeoutError: Error, CustomStringConvertible {
        var command: String
        var description: String { "The command did not finish in time: \(command)" }
    }

    /// A new empty folder for one test.
    static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
