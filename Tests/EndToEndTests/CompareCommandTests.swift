import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `launchprof compare` on FixtureApp with a delay chosen per build.
@Suite("launchprof compare on FixtureApp")
struct CompareCommandTests {
    static func compare(base: String, head: String, extra: [String] = [], folder: URL) throws -> ProductProcess.Output {
        let app = BuiltProducts.path("FixtureApp")
        return try BuiltProducts.launchprof(
            [
                "compare", "--base", app, "--head", app, "--base-env", "FIXTURE_BEHAVIOR=\(base)", "--head-env",
                "FIXTURE_BEHAVIOR=\(head)",
                "--metric", "didFinishLaunching", "--seed", "11", "--max-runs", "60", "--output", folder.path,
            ] + extra)
    }

    @Test("head 10 % slower exits 2 with a Markdown table, and comparison.json says regressed")
    func regressedMarkdown() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.compare(
            base: "sleep:50", head: "sleep:55", extra: ["--format", "markdown"], folder: folder)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("| didFinishLaunching | regressed |"))
        let outcome = try JSONDecoder().decode(
            ComparisonOutcome.self, from: Data(contentsOf: folder.appendingPathComponent("comparison.json")))
        #expect(outcome.decision == .regressed)
        #expect(outcome.seed == 11)
        let comparison = folder.appendingPathComponent("comparison.json")
        let problems = try JSONSchemaValidator.validate([comparison], against: JSONSchemaValidator.schema("comparison"))
        #expect(problems[comparison.path] == [])
    }

    @Test("a head that fails to launch exits 3; bad NAME=VALUE is a usage error")
    func failuresAndUsage() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failed = try Self.compare(base: "sleep:5", head: "exitError", extra: ["--format", "junit"], folder: folder)
        #expect(failed.status == 3, "\(failed.stdout)\(failed.stderr)")
        let usage = try BuiltProducts.launchprof(["compare", "--base", "a", "--head", "b", "--base-env", "NOEQUALS"])
        #expect(usage.status == 1)
        #expect(usage.stderr.contains("NAME=VALUE"))
    }

    @Test("two programs that write no trace compare their time to ready in launches with no instruments")
    func programs() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "compare", "--base", "/bin/true", "--head", "/bin/true", "--seed", "3", "--max-runs", "8", "--output",
            folder.path,
        ])
        #expect([0, 4].contains(output.status), "\(output.stdout)\(output.stderr)")
        let outcome = try JSONDecoder().decode(
            ComparisonOutcome.self, from: Data(contentsOf: folder.appendingPathComponent("comparison.json")))
        #expect(outcome.test.metrics.map(\.metric) == [.timeToReady])
        #expect(outcome.test.metrics[0].baseSamples.count == outcome.base.launches)
        #expect(outcome.decision != .regressed && outcome.decision != .improved)
        let result = output.status == 0 ? "head is the same as base (exit 0)" : "inconclusive (exit 4)"
        #expect(output.stdout.contains("\nResult: \(result)\n\nComparison folder: "), "\(output.stdout)")
        // Measurement launches: none of the runner's variables reach the program, nothing is preloaded.
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("base/launches.json"))
        #expect(manifest.launches.allSatisfy { $0.traceFile == nil && $0.outcome == .completed })
    }
}
