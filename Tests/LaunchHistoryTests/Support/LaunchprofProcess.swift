import Foundation

/// `launchprof` (and the apps) built beside the test bundle, run as real processes.
struct LaunchprofProcess {
    /// The build folder.
    static let directory = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// The path of a built product.
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    let process: Process
    let out: URL
    let err: URL

    /// What a finished process left.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Starts `launchprof ARGUMENTS` in `directory`.
    static func start(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> LaunchprofProcess {
        let process = Process()
        process.executableURL = URL(filePath: path("launchprof"))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LAUNCHPROF_") }
        env.merge(environment) { _, new in new }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).out")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return LaunchprofProcess(process: process, out: out, err: err)
    }

    /// Runs `launchprof ARGUMENTS` to its end.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        try start(arguments, in: directory, environment: environment).wait()
    }

    /// Waits for the end and reads the output.
    func wait() -> Output {
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Output(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }
}
