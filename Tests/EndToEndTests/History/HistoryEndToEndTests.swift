import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import Testing

/// `launchprof run` twice on SampleApp, then `history list`, `export`, `trend` and `prune`.
@Suite("History end to end", .serialized)
struct HistoryEndToEndTests {
    /// The repository's root (for the shipped schema).
    static let root = GoldenFiles.repositoryRoot

    /// A folder with two recorded SampleApp runs in its default history.
    static func twoRuns() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for commit in ["aaaa111", "bbbb222"] {
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--commit", commit, "--branch", "nightly", "--",
                    BuiltProducts.path("SampleApp"),
                ],
                in: folder
            )
            #expect(output.status == 0, "\(output.stderr)")
            #expect(
                output.stderr.contains("recorded in the history at \(HistoryLocation.defaultPath)"), "\(output.stderr)")
        }
        return folder
    }

    @Test("two runs of SampleApp land in the history; list shows both; the JSON export validates; OpenMetrics parses")
    func twoRunsOfSampleApp() throws {
        let folder = try Self.twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = try BuiltProducts.launchprof(["history", "list"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 3, "\(list.stdout)")
        #expect(list.stdout.contains("aaaa111") && list.stdout.contains("bbbb222") && list.stdout.contains("SampleApp"))

        let export = folder.appendingPathComponent("export.json")
        #expect(
            try BuiltProducts.launchprof(["history", "export", "--format", "json", "-o", export.path], in: folder)
                .status == 0)
        let schema = Self.root.appendingPathComponent("schemas/history-export.schema.json").path
        let validation = try Python.run(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); document = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator)
            print(len(document["runs"]))
            """, [schema, export.path])
        #expect(validation.status == 0, "\(validation.stderr)")
        #expect(validation.stdout == "2\n")

        let metrics = try BuiltProducts.launchprof(["history", "export", "--format", "openmetrics"], in: folder)
        let parsed = try Python.run(
            """
            import sys
            from prometheus_client.openmetrics.parser import text_string_to_metric_families
            families = {f.name: f for f in text_string_to_metric_families(sys.stdin.read())}
            times = families["launchprof_time_seconds"]
            assert times.type == "gauge" and times.unit == "seconds", (times.type, times.unit)
            first = [s for s in times.samples if s.labels["metric"] == "timeToFirstFrame" and s.labels["app"] == "SampleApp"]
            assert sorted(s.labels["statistic"] for s in first) == ["median", "p10", "p90"], first
            assert all(0 < s.value < 60 for s in first), first
            run = families["launchprof_run_timestamp_seconds"].samples[0]
            print(run.labels["commit"], len(times.samples) > 0)
            """, [], input: metrics.stdout)
        #expect(parsed.status == 0, "\(parsed.stderr)\n\(metrics.stdout.prefix(2000))")
        #expect(parsed.stdout == "bbbb222 True\n")
    }

    @Test("show, trend, csv export and prune work on the recorded runs")
    func otherCommands() throws {
        let folder = try Self.twoRuns()
        defer { try? FileManager.default.removeItem(at: folder) }
        let show = try BuiltProducts.launchprof(["history", "show", "timeToFirstFrame"], in: folder)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(
            show.stdout.contains("SampleApp warm timeToFirstFrame") && show.stdout.contains("bbbb222"), "\(show.stdout)"
        )
        let trend = try BuiltProducts.launchprof(["history", "trend"], in: folder)
        #expect(show.stdout.contains(" ms  ") && !show.stdout.contains("e+"), "values in ms: \(show.stdout)")
        #expect(trend.status == 0 && trend.stdout.hasPrefix("No change points.\n"), "\(trend.stdout)\(trend.stderr)")
        #expect(trend.stdout.contains("the longest series has 2: 12 more"), "why none: \(trend.stdout)")
        let csv = try BuiltProducts.launchprof(["history", "export", "--format", "csv"], in: folder)
        #expect(csv.stdout.hasPrefix("recorded_at,run_key,app,"))
        let prune = try BuiltProducts.launchprof(["history", "prune", "--keep-runs", "1"], in: folder)
        #expect(
            prune.stdout == "Deleted 1 run from \(HistoryLocation.defaultPath).\n", "\(prune.stdout)\(prune.stderr)")
        let none = try BuiltProducts.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--no-history", "--", BuiltProducts.path("SampleApp")], in: folder)
        #expect(none.status == 0 && !none.stderr.contains("recorded in the history"))
        let list = try BuiltProducts.launchprof(["history", "list"], in: folder)
        #expect(list.stdout.split(separator: "\n").count == 2, "\(list.stdout)")
    }
}
