import Foundation
import LaunchRunner
import LaunchTrace

extension AlternativeBuilds {
    /// One build: the shell command, the directory it runs in, its environment, and the
    /// executable it leaves.
    struct Build {
        var command: String
        var directory: URL
        var environment: [String: String]
        var executable: URL
    }

    /// Builds the package as it is (`swift build -c release`) into `builds/base` of the run
    /// folder `run`: the program profiled, and every comparison's base.
    ///
    /// - Returns: The product's executable.
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when the build fails or leaves no executable.
    package static func buildPackage(path: String, product: String, in run: URL) throws -> String {
        let build = packageBuild(path: path, product: product, options: [], scratch: folder("base", in: run))
        return try Self.run(build, name: "base", in: run).path
    }

    /// The build with `kind`'s change, into `builds/<kind>` of the run folder `run`; nil when
    /// none is known for it.
    func build(_ kind: PreMainAdvice.Kind, in run: URL) -> Build? {
        let scratch = Self.folder(kind.rawValue, in: run)
        switch source {
        case .package(let path, let product):
            guard let options = kind.swiftBuildOptions else { return nil }
            return Self.packageBuild(path: path, product: product, options: options, scratch: scratch)
        case .commands(let commands):
            guard let command = commands[kind] else { return nil }
            let executable = scratch.appendingPathComponent("program")
            return Build(
                command: command, directory: URL(filePath: FileManager.default.currentDirectoryPath),
                environment: [BuildEnvironment.output: executable.path], executable: executable)
        }
    }

    private static func packageBuild(path: String, product: String, options: [String], scratch: URL) -> Build {
        let package = URL(filePath: path).standardizedFileURL
        let words =
            ["swift", "build", "-c", "release", "--package-path", package.path, "--product", product]
            + ["--scratch-path", scratch.path] + options
        return Build(
            command: words.map(Self.shellQuoted).joined(separator: " "), directory: package, environment: [:],
            executable: scratch.appendingPathComponent("release").appendingPathComponent(product))
    }

    /// `word` as one shell word.
    static func shellQuoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=+,:".contains($0) }
            ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `build`, its output in `<scratch>.log`; the executable's path once it built and is
    /// there.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` with the command, how it ended and its log
    ///   when it fails or leaves no executable.
    static func run(_ build: Build, name: String, in run: URL) throws -> URL {
        let builds = run.appendingPathComponent(folderName, isDirectory: true)
        try FileManager.default.createDirectory(
            at: build.executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        let log = builds.appendingPathComponent("\(name).log")
        let result = try BuildCommand(
            command: build.command, directory: build.directory, log: log, environment: build.environment
        ).run()
        if result.status == .interrupted {
            throw LaunchProfilerError(
                .interrupted,
                "The build `\(build.command)` was interrupted by signal \(RunInterruption.signal ?? SIGINT); it and everything it started were ended (its output: \(log.path))."
            )
        }
        guard result.succeeded else {
            throw LaunchProfilerError.workflow(
                "The build `\(build.command)` \(result.description) (its output: \(log.path)).")
        }
        guard FileManager.default.isExecutableFile(atPath: build.executable.path) else {
            throw LaunchProfilerError.workflow(
                "The build `\(build.command)` succeeded but left no executable at \(build.executable.path) (its output: \(log.path))."
            )
        }
        return build.executable
    }
}
