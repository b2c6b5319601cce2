import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The builds launchprof runs (`run --build`, `run --package`, `bisect --build`): an alternative
/// that cannot be measured is reported as such, not a crash; nothing a build started outlives it,
/// and an interrupted build ends everything it started with exit 130.
@Suite("Hostile builds", .serialized)
struct HostileBuildTests {
    /// A `sleep` no other process runs: `sleep SECONDS` with a fraction only this test uses.
    static func uniqueSleep() -> String { "\(1000 + Int.random(in: 0...999)).\(Int.random(in: 100_000...999_999))" }

    /// The pids of the live processes whose command line holds `text` once `seconds` have passed
    /// (a process killed a moment ago may still be exiting); they are killed, so that a failed test
    /// leaves nothing behind either.
    static func survivors(holding text: String, within seconds: Double = 2) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        var found = processes(holding: text)
        while !found.isEmpty, Date() < deadline {
            usleep(50_000)
            found = processes(holding: text)
        }
        for pid in found { kill(pid, SIGKILL) }
        return found
    }

    /// The pids of the live processes whose command line holds `text`.
    static func processes(holding text: String) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(pid_t.init).filter { pid in
            guard pid != getpid(), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                !stat.contains(") Z ")
            else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }
    }

    /// `run` of FixtureTool (a Swift program, so the advice names a static Swift runtime) with
    /// `--build staticSwiftRuntime=COMMAND`.
    static func runArguments(build command: String, output: URL) -> [String] {
        [
            "run", "--runs", "2", "--warmup", "0", "--no-history", "--verbose", "--advice-max-runs", "4", "--output",
            output.path,
            "--build", "staticSwiftRuntime=\(command)", "--", BuiltProducts.path("FixtureTool"), "async-cpu", "--ms",
            "1",
        ]
    }

    @Test(
        "an alternative build that cannot be measured is reported not measured, with why; the run's files are written",
        arguments: [
            // A fully static program: no dynamic loader, so no time to main to compare.
            "printf 'int main(void){return 0;}' > app.c && cc -static -o \"$LAUNCHPROF_BUILD_OUTPUT\" app.c",
            "ln -s /bin/false \"$LAUNCHPROF_BUILD_OUTPUT\"",
            "head -c 4096 /dev/urandom > \"$LAUNCHPROF_BUILD_OUTPUT\" && chmod +x \"$LAUNCHPROF_BUILD_OUTPUT\"",
        ])
    func unmeasurableAlternative(command: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(
            Self.runArguments(build: command, output: run), in: folder, patience: 240)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        let advice = try #require(summary.scenarios["warm"]?.preMain?.advice.first { $0.kind == .staticSwiftRuntime })
        #expect(advice.measured == nil)
        #expect(advice.notMeasured?.contains("cannot be measured") == true, "\(advice)")
        #expect(result.output.stdout.contains("not measured: "), "\(result.output.stdout)")
    }

    @Test(
        "what a finished build left running is ended: a background job, a setsid daemon, a daemon's own child",
        arguments: ["sleep @ &", "setsid sleep @ &", "setsid sh -c 'sleep @ & exec sleep @' &"])
    func finishedBuildLeavesNothing(background: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sleep = Self.uniqueSleep()
        let command =
            background.replacingOccurrences(of: "@", with: sleep) + " ln -s /bin/false \"$LAUNCHPROF_BUILD_OUTPUT\""
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(Self.runArguments(build: command, output: run), patience: 240)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stderr)")
        #expect(Self.survivors(holding: "sleep \(sleep)").isEmpty, "the build's sleep \(sleep) outlived launchprof")
    }

    /// `launchprof ARGUMENTS` interrupted by `signal` once `building()` is true (the build is
    /// under way) and a second more has passed.
    static func interrupted(
        _ arguments: [String], in directory: URL? = nil, signal: Int32, once building: () -> Bool
    ) throws -> ProductProcess.Output {
        let started = try BuiltProducts.startLaunchprof(arguments, in: directory)
        let deadline = Date().addingTimeInterval(240)
        while !building(), started.process.isRunning, Date() < deadline { usleep(50_000) }
        usleep(1_000_000)
        kill(started.process.processIdentifier, signal)
        return try started.wait(timeout: 60)
    }

    @Test(
        "a run --build interrupted during the build ends it and all it started: exit 130", arguments: [SIGINT, SIGTERM])
    func interruptedAlternativeBuild(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sleep = Self.uniqueSleep()
        let run = folder.appendingPathComponent("run")
        let output = try Self.interrupted(
            Self.runArguments(build: "setsid sleep \(sleep) & sleep \(sleep)", output: run), signal: signal,
            once: {
                FileManager.default.fileExists(atPath: run.appendingPathComponent("builds/staticSwiftRuntime.log").path)
            }
        )
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue, "\(output.stderr)")
        #expect(Self.survivors(holding: "sleep \(sleep)").isEmpty, "the build's sleep \(sleep) outlived launchprof")
    }

    @Test("bisect and run --package interrupted during a build end it and all it started: exit 130")
    func interruptedBuilds() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // bisect: its first build.
        let repository = try BisectCommandTests.makeRepository(in: folder.appendingPathComponent("repo"))
        let sleep = Self.uniqueSleep()
        let bisectFolder = folder.appendingPathComponent("bisect")
        let bisect = try Self.interrupted(
            BisectCommandTests.arguments(
                repository, build: "setsid sleep \(sleep) & sleep \(sleep)", output: bisectFolder),
            in: repository.folder, signal: SIGINT,
            once: { FileManager.default.fileExists(atPath: bisectFolder.appendingPathComponent("builds").path) })
        #expect(bisect.status == ProfilerExitStatus.interrupted.rawValue, "\(bisect.stderr)")
        #expect(Self.survivors(holding: "sleep \(sleep)").isEmpty, "bisect's build left sleep \(sleep)")
        // run --package: swift build starts its compiler jobs in process groups of their own, and
        // the compiler is interrupted while it compiles (its frontend running).
        let package = folder.appendingPathComponent("Tiny")
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Tiny"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Tiny", targets: [.executableTarget(name: "Tiny")])
        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let lines = (0..<2000).map { "let value\($0) = [\($0), \($0 + 1)].map { $0 * 2 }.reduce(0, +)" }
        try (lines + ["print(value0)"]).joined(separator: "\n").write(
            to: package.appendingPathComponent("Sources/Tiny/main.swift"), atomically: true, encoding: .utf8)
        let run = folder.appendingPathComponent("run")
        let packageRun = try Self.interrupted(
            ["run", "--runs", "1", "--no-history", "--output", run.path, "--package", package.path], signal: SIGINT,
            once: { !Self.processes(holding: "Sources/Tiny/main.swift").isEmpty })
        #expect(packageRun.status == ProfilerExitStatus.interrupted.rawValue, "\(packageRun.stderr)")
        #expect(Self.survivors(holding: package.path).isEmpty, "swift build's jobs outlived launchprof")
    }
}
