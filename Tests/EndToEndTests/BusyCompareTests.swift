import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension CPUTimeSuites {
    /// The same program compared with itself, quiet and beside CPU hogs, through the built CLI:
    /// FixtureTool computes 100 ms of CPU time on its main thread, every launch on CPU 1
    /// (`--cpu 1`), where two CPU hogs are pinned too; each launch's script stops them (base) or
    /// lets them run (head) before it execs FixtureTool. Compare must put the difference on the
    /// machine (waiting for a CPU), not on the program's code; budgets address the reasons by name.
    @Suite("A busy machine in one build: compare blames the machine, budgets name the reasons", .serialized)
    struct BusyCompareTests {
        /// A script that sends `$HOG_SIGNAL` (`STOP` or `CONT`) to the processes `$HOGS` names,
        /// then execs FixtureTool: one executable for both builds, their environments differ.
        static func toolBesideHogs(in folder: URL) throws -> String {
            let script = folder.appendingPathComponent("tool-beside-hogs")
            let text = """
                #!/bin/sh
                kill -"$HOG_SIGNAL" $HOGS
                exec \(BuiltProducts.path("FixtureTool")) "$@"

                """
            try text.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return script.path
        }

        /// Two `/bin/sh` busy loops pinned to CPU 1 beside `body`, given their process ids, killed
        /// with SIGKILL after it (stopped or not).
        static func withHogs<T>(_ body: ([Int32]) throws -> T) throws -> T {
            var hogs: [Process] = []
            defer {
                for hog in hogs {
                    kill(hog.processIdentifier, SIGKILL)
                    hog.waitUntilExit()
                }
            }
            for _ in 0..<2 {
                let hog = Process()
                hog.executableURL = URL(filePath: "/usr/bin/taskset")
                hog.arguments = ["-c", "1", "/bin/sh", "-c", "while :; do :; done"]
                try hog.run()
                hogs.append(hog)
            }
            return try body(hogs.map(\.processIdentifier))
        }

        @Test("quiet base, head beside two CPU hogs: the change is waiting for a CPU, not the program's function")
        func quietAgainstBusy() throws {
            let folder = try BuiltProducts.scratchFolder("busy-compare")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tool = try Self.toolBesideHogs(in: folder)
            let out = folder.appendingPathComponent("out")
            let output = try Self.withHogs { hogs in
                let pids = hogs.map(String.init).joined(separator: " ")
                return try BuiltProducts.launchprof([
                    "compare", "--base", tool, "--head", tool, "--base-env", "HOG_SIGNAL=STOP", "--base-env",
                    "HOGS=\(pids)", "--head-env", "HOG_SIGNAL=CONT", "--head-env", "HOGS=\(pids)", "--diagnose",
                    "--cpu", "1", "--seed", "7", "--max-runs", "8", "--warmup", "0", "--ready-when",
                    "stdout:^ready$", "--output", out.path, "--", "cpu-main", "--ms", "100",
                ])
            }
            let outcome = try JSONDecoder().decode(
                ComparisonOutcome.self, from: Data(contentsOf: out.appendingPathComponent("comparison.json")))
            let changes = try #require(outcome.findings.reasonChanges, "\(output.stdout)\(output.stderr)")
            let waiting = try #require(changes.first, "\(output.stdout)")
            #expect(waiting.reason == .waitingForCPU && waiting.deltaNs > 50e6, "\(changes)")
            let own = changes.filter { [.programCode, .library].contains($0.reason) }.map(\.deltaNs).reduce(0, +)
            #expect(own < waiting.deltaNs / 4, "\(changes)")
            #expect(outcome.findings.reasonConclusion?.contains("the machine was busier") == true)
            #expect(
                output.stdout.contains("the machine was busier while head ran, not a change of the program"),
                "\(output.stdout)")
            // The function's own time (on a CPU) is the same 100 ms in both builds: no change of it
            // beyond a quarter of that, though head's launches waited far longer in it.
            let crunch = (outcome.functions ?? []).filter { $0.function == "mainCrunch(milliseconds:)" }
            #expect(crunch.allSatisfy { $0.shiftNs < 25e6 }, "\(crunch)")
            try Self.expectReasonMetrics(in: out, waitingMovedBy: waiting.deltaNs)
            let comparison = try JSONSchemaValidator.validate(
                [out.appendingPathComponent("comparison.json")], against: JSONSchemaValidator.schema("comparison"))
            let summaries = try JSONSchemaValidator.validate(
                [out.appendingPathComponent("base/summary.json"), out.appendingPathComponent("head/summary.json")],
                against: JSONSchemaValidator.schema("summary"))
            #expect(
                comparison.merging(summaries) { $0 + $1 }.values.allSatisfy { $0.isEmpty },
                "\(comparison) \(summaries)")
        }

        /// Both builds' summaries carry `reason:waitingForCPU` per launch, head's the larger.
        static func expectReasonMetrics(in out: URL, waitingMovedBy delta: Double) throws {
            let base = try RunSummary.read(from: out.appendingPathComponent("base/summary.json"))
            let head = try RunSummary.read(from: out.appendingPathComponent("head/summary.json"))
            let name = MetricName.reason(.waitingForCPU)
            let baseWaiting = try #require(base.metric(name, scenario: .warm))
            let headWaiting = try #require(head.metric(name, scenario: .warm))
            #expect(headWaiting.statistics.median > baseWaiting.statistics.median + delta / 2)
            #expect(head.metric(.reasonShare(.waitingForCPU), scenario: .warm)?.kind == .share)
        }

        @Test(
            "budgets on reasons: beside two hogs the share waiting for a CPU fails its 15 %, the program's code passes")
        func budgetsOnReasons() throws {
            let folder = try BuiltProducts.scratchFolder("busy-budgets")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Self.withHogs { _ in
                try BuiltProducts.launchprof([
                    "run", "--runs", "3", "--warmup", "0", "--no-history", "--cpu", "1", "--output", folder.path,
                    "--budgets", BuiltProducts.fixture("budgets-reasons.json"), "--ready-when", "stdout:^ready$",
                    "--", BuiltProducts.path("FixtureTool"), "cpu-main", "--ms", "100",
                ])
            }
            #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
            let share = try #require(summary.metric(.reasonShare(.waitingForCPU), scenario: .warm))
            #expect(share.statistics.median > 0.3, "\(share.samples)")
            #expect(output.stdout.contains("reason:waitingForCPU.share"), "\(output.stdout)")
            let statuses = try Self.statuses(in: folder.appendingPathComponent("verdicts.json"))
            #expect(statuses["reason:waitingForCPU.share"] == "fail", "\(statuses)")
            #expect(statuses["reason:programCode"] == "pass", "\(statuses)")
            let problems = try JSONSchemaValidator.validate(
                [folder.appendingPathComponent("verdicts.json")], against: JSONSchemaValidator.schema("verdicts"))
            #expect(problems.values.allSatisfy { $0.isEmpty }, "\(problems)")
        }

        /// Each rule's status in a verdicts.json, by its metric.
        static func statuses(in file: URL) throws -> [String: String] {
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            let evaluation = root?["evaluation"] as? [String: Any]
            let verdicts = evaluation?["verdicts"] as? [[String: Any]] ?? []
            return Dictionary(
                verdicts.compactMap { verdict in
                    ((verdict["rule"] as? [String: Any])?["metric"] as? String).map {
                        ($0, verdict["status"] as? String ?? "")
                    }
                }
            ) { first, _ in first }
        }
    }
}
