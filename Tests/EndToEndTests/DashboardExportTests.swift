import Foundation
import LaunchAnalysis
import LaunchTestSupport
import Testing

/// The dashboards' own formats, written by `--export-…` next to the printed report, each checked
/// against the format its consumer publishes.
@Suite("Dashboard exports")
struct DashboardExportTests {
    @Test("one run writes JSON, Markdown, Bencher Metric Format and github-action-benchmark exports, each valid")
    func exports() throws {
        let folder = try BuiltProducts.scratchFolder("exports")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = { (name: String) in folder.appendingPathComponent(name) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--no-history", "--output", file("run").path,
            "--export-json", file("report.json").path, "--export-markdown", file("report.md").path,
            "--export-bmf", file("bmf.json").path, "--export-github-benchmark", file("benchmark.json").path,
            "--", "/bin/true",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Result: pass (exit 0)"))
        let dashboards = BuiltProducts.fixtures.appendingPathComponent("dashboards")
        let bmf = try JSONSchemaValidator.validate(
            [file("bmf.json")], against: dashboards.appendingPathComponent("bmf.schema.json"))
        #expect(bmf[file("bmf.json").path] == [])
        let action = try JSONSchemaValidator.validate(
            [file("benchmark.json")], against: dashboards.appendingPathComponent("github-benchmark.schema.json"))
        #expect(action[file("benchmark.json").path] == [])
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8).hasPrefix("### LaunchProfiler:"))

        // The values are the summary's medians, in the units each format states.
        let summary = try RunSummary.read(from: file("run").appendingPathComponent("summary.json"))
        let median = try #require(summary.metric(.timeToReady, scenario: .warm)?.statistics.median)
        let bmfJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: file("bmf.json"))) as? [String: Any]
        let latency = (bmfJSON?["true/warm/timeToReady"] as? [String: Any])?["latency"] as? [String: Double]
        #expect(latency?["value"] == median)
        let entries =
            try JSONSerialization.jsonObject(with: Data(contentsOf: file("benchmark.json"))) as? [[String: Any]]
        let entry = entries?.first { $0["name"] as? String == "true/warm/timeToReady" }
        #expect(entry?["unit"] as? String == "ms")
        #expect(abs((entry?["value"] as? Double ?? 0) - median / 1e6) < 0.001)
    }

    @Test("an export that cannot be written is an error naming the file")
    func unwritable() throws {
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--no-history", "--export-bmf", "/nonexistent-folder/bmf.json", "--", "/bin/true",
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("/nonexistent-folder/bmf.json"), "\(output.stderr)")
    }
}
