import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

/// A program's arguments written without `--` before them, and the short options `-r` and
/// `-w`, through the built CLI.
@Suite("launchprof run, trace and compare without --, and short options")
struct CommandTerminatorTests {
    /// Commands that forgot `--`, and where it belongs (the index of the first argument after it).
    static let forgotten: [(arguments: [String], terminatorBefore: Int)] = [
        (["run", "--runs", "3", "git", "--version"], 3),
        (["run", "-r", "2", "-w", "0", "--no-history", "git", "--version"], 6),
        (["trace", "--timeout", "5", "git", "--version"], 3),
        (
            [
                "compare", "--base", "/bin/true", "--head", "/bin/true", "--max-runs", "8", "--build-flag",
                "two words",
            ], 7
        ),
    ]

    @Test(
        "without --, run, trace and compare exit 1 with a sentence naming -- and the command as it should be written, and launch nothing",
        arguments: forgotten
    )
    func missingTerminator(arguments: [String], terminatorBefore: Int) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(arguments, in: folder)
        #expect(output.status == ProfilerExitStatus.usageError.rawValue, "\(output.stdout)\(output.stderr)")
        #expect(!output.stdout.contains("0.1.0"), "not launchprof's version: \(output.stdout)")
        #expect(output.stderr.contains("put -- before"), "\(output.stderr)")
        let written = Array(arguments[..<terminatorBefore]) + ["--"] + Array(arguments[terminatorBefore...])
        let quoted = written.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        #expect(output.stderr.contains("launchprof \(quoted)\n"), "\(output.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".launchprof").path),
            "no run folder, no history")
    }

    @Test("the command the error writes runs, as a shell reads it")
    func suggestionRuns() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            ["run", "-r", "2", "-w", "0", "--no-history", "--format", "json", "git", "--version"], in: folder)
        let line = try #require(output.stderr.split(separator: "\n").first { $0.contains("put -- before") })
        let suggested = try #require(line.range(of: ": launchprof ").map { String(line[$0.upperBound...]) })
        let shell = try BuiltProducts.run(
            "/bin/sh", ["-c", "'\(BuiltProducts.path("launchprof"))' \(suggested)"], in: folder)
        #expect(shell.status == 0, "\(suggested): \(shell.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(shell.stdout.utf8)) as? [String: Any]
        let run = (report?["summary"] as? [String: Any])?["run"] as? [String: Any]
        #expect(run?["runs"] as? Int == 2 && run?["warmup"] as? Int == 0, "-r 2 -w 0: \(String(describing: run))")
    }

    @Test("-r and -w are --runs and --warmup in run, -w is --warmup in compare, and --help says so")
    func shortOptions() throws {
        let runHelp = try BuiltProducts.launchprof(["run", "--help"])
        #expect(runHelp.stdout.contains("-r, --runs <runs>"), "\(runHelp.stdout)")
        #expect(runHelp.stdout.contains("-w, --warmup <warmup>"))
        let compareHelp = try BuiltProducts.launchprof(["compare", "--help"])
        #expect(compareHelp.stdout.contains("-w, --warmup <warmup>"), "\(compareHelp.stdout)")
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BuiltProducts.launchprof(
            [
                "run", "-r", "3", "-w", "1", "--no-history", "--output", folder.appendingPathComponent("run").path,
                "--", BuiltProducts.path("FixtureApp"),
            ], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("run/summary.json"))
        #expect(summary.run.runs == 3 && summary.run.warmup == 1 && summary.launches.count == 3)
        let app = BuiltProducts.path("FixtureApp")
        let compare = try BuiltProducts.launchprof(
            [
                "compare", "--base", app, "--head", app, "-w", "2", "--max-runs", "8", "--metric", "didFinishLaunching",
                "--output", folder.appendingPathComponent("compare").path,
            ], in: folder)
        #expect([0, 2, 4].contains(compare.status), "\(compare.stderr)")
        for build in ["base", "head"] {
            let side = try RunSummary.read(from: folder.appendingPathComponent("compare/\(build)/summary.json"))
            #expect(side.run.warmup == 2, "\(build): -w 2")
        }
    }
}
