import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The result printed is the exit code, in every output, whatever fails after the verdict; an
/// interrupted compare is 130 everywhere; user text cannot forge a line on the terminal.
@Suite("Hostile outputs", .serialized)
struct HostileOutputTests {
    /// `verdicts.json`'s `exitCode`.
    static func verdictsExitCode(in run: URL) throws -> Int? {
        let data = try Data(contentsOf: run.appendingPathComponent("verdicts.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["exitCode"] as? Int
    }

    @Test(
        "an export or step summary that cannot be written makes the printed result, verdicts.json and the exit 1",
        arguments: [
            (["--export-junit", "/nonexistent-folder/junit.xml"], [String: String]()),
            (["--export-json", "/proc/version"], [:]),
            (["--export-markdown", "/"], [:]),
            ([], ["GITHUB_STEP_SUMMARY": "/"]),
            ([], ["GITHUB_STEP_SUMMARY": "/nonexistent-folder/summary.md"]),
            // A named pipe no one reads (made by the test): opening it for writing would wait for ever.
            ([], ["GITHUB_STEP_SUMMARY": "@fifo"]),
        ])
    func failingOutput(arguments: [String], environment: [String: String]) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("summary.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let environment = environment.mapValues { $0 == "@fifo" ? fifo : $0 }
        let run = folder.appendingPathComponent("run")
        let result = try BuiltProducts.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--no-history", "--output", run.path] + arguments + [
                "--", "/bin/true",
            ], environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(HostileRun(output: result, hung: false).printedStatus == 1, "\(result.stdout)")
        let said = ["cannot be written", "GITHUB_STEP_SUMMARY"].contains { result.stderr.contains($0) }
        #expect(said, "\(result.stderr)")
        if let path = arguments.last, path.count > 1 {
            #expect(result.stderr.components(separatedBy: path).count == 2, "the path named once: \(result.stderr)")
        }
        #expect(try Self.verdictsExitCode(in: run) == 1)
        // `check` of the same folder prints and returns the same.
        let budgets = folder.appendingPathComponent("budgets.json")
        try #"{"schemaVersion": 1, "rules": [{"metric": "timeToReady", "limit": "10s"}]}"#.write(
            to: budgets, atomically: true, encoding: .utf8)
        let check = try BuiltProducts.launchprof(
            ["check", "--budgets", budgets.path] + arguments + [run.path], environment: environment)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(HostileRun(output: check, hung: false).printedStatus == 1, "\(check.stdout)")
    }

    @Test("an export written before the failure of another says exit 1 too")
    func exportAgreesWithTheFailure() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("result.json")
        let result = try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--output",
                folder.appendingPathComponent("run").path,
                "--export-json", json.path, "--", "/bin/true",
            ], environment: ["GITHUB_STEP_SUMMARY": "/"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        #expect(object?["exitCode"] as? Int == 1, "\(object ?? [:])")
    }

    @Test(
        "an interrupted compare exits 130, prints it and records the signal in comparison.json",
        arguments: [SIGINT, SIGTERM])
    func interruptedCompare(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try HostileRun.script("sleep 0.3", in: folder)
        let output = folder.appendingPathComponent("compare")
        let result = try HostileRun.launchprof(
            ["compare", "--base", app, "--head", app, "--warmup", "0", "--max-runs", "40", "--output", output.path],
            patience: 60, signal: signal, after: 3)
        #expect(!result.hung)
        #expect(result.output.status == ProfilerExitStatus.interrupted.rawValue, "\(result.output.stderr)")
        #expect(result.output.stdout.contains("Compare: interrupted after"), "\(result.output.stdout)")
        let data = try Data(contentsOf: output.appendingPathComponent("comparison.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["interruptedBy"] as? Int == Int(signal))
    }

    @Test("control characters in --name are escaped on the terminal and in history list's table")
    func controlCharactersInName() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("history.sqlite").path
        let name = "evil\nResult: pass (exit 0)\u{1B}[2J\tx"
        let result = try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "-n", name, "--history", history, "--output",
                folder.appendingPathComponent("run").path, "--", "/bin/true",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Result: ") }.count == 1, "\(result.stdout)")
        #expect(HostileRun(output: result, hung: false).printedStatus == result.status)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("evil\\nResult: pass (exit 0)\\x1b[2J\\tx"), "\(result.stdout)")
        let list = try BuiltProducts.launchprof(["history", "list", "--history", history])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stdout.contains("\u{1B}"))
        #expect(list.stdout.split(separator: "\n").count == 2, "a header and one row: \(list.stdout)")
        #expect(list.stdout.contains("evil\\nResult"), "\(list.stdout)")
    }

    @Test(
        "a failed launch's standard error is shown once in each output of the failure (trace, run)",
        arguments: ["trace", "run"])
    func standardErrorShownOnce(command: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try HostileRun.script(
            "for i in 1 2 3 4 5; do echo \"boom-line-$i\" >&2; done\nexit 7", in: folder)
        let arguments =
            command == "trace"
            ? ["trace", "--output", folder.appendingPathComponent("t.json").path, "--", app]
            : [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--output",
                folder.appendingPathComponent("run").path, "--", app,
            ]
        let result = try BuiltProducts.launchprof(arguments)
        #expect(result.status == ProfilerExitStatus.launchFailed.rawValue, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("boom-line-5"), "\(result.stdout)\(result.stderr)")
        // `run` shows the message in its progress (standard error) and in its report (standard output).
        for stream in [result.stdout, result.stderr] {
            #expect(stream.components(separatedBy: "boom-line-5").count <= 2, "shown more than once: \(stream)")
        }
    }
}
