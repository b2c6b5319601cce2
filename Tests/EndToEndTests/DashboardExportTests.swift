import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
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

    @Test("-n names the program in the printed report, the dashboards, launches.json and the history")
    func named() throws {
        let folder = try BuiltProducts.scratchFolder("named")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = { (name: String) in folder.appendingPathComponent(name) }
        let history = file("history.sqlite").path
        let output = try BuiltProducts.launchprof([
            "run", "-n", "true-no-arguments", "--runs", "2", "--history", history, "--output", file("run").path,
            "--export-bmf", file("bmf.json").path, "--", "/bin/true",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("LaunchProfiler: true-no-arguments (warm)"), "\(output.stdout)")
        let bmf = try JSONSerialization.jsonObject(with: Data(contentsOf: file("bmf.json"))) as? [String: Any]
        #expect(bmf?["true-no-arguments/warm/timeToReady"] != nil, "\(bmf?.keys.sorted() ?? [])")
        let manifest = try RunManifest.read(from: file("run").appendingPathComponent("launches.json"))
        #expect(manifest.name == "true-no-arguments")
        #expect(manifest.appPath.hasSuffix("/true"))
        for (schema, name) in [("launches", "launches.json"), ("summary", "summary.json")] {
            let path = file("run").appendingPathComponent(name)
            let problems = try JSONSchemaValidator.validate([path], against: JSONSchemaValidator.schema(schema))
            #expect(problems[path.path] == [], "\(name): \(problems)")
        }
        let list = try BuiltProducts.launchprof(["history", "list", "--history", history])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("true-no-arguments"), "\(list.stdout)")
        let empty = try BuiltProducts.launchprof(["run", "-n", " ", "--no-history", "--", "/bin/true"])
        #expect(
            empty.status == ProfilerExitStatus.usageError.rawValue && empty.stderr.contains("--name cannot be empty."),
            "\(empty.stderr)")
    }

    @Test("an export that cannot be written is an error naming the file")
    func unwritable() throws {
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--no-history", "--export-bmf", "/nonexistent-folder/bmf.json", "--", "/bin/true",
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("/nonexistent-folder/bmf.json"), "\(output.stderr)")
    }

    /// Parses OTLP/JSON with OpenTelemetry's own protobuf definitions (opentelemetry-proto) and
    /// protobuf's strict JSON parser; OTLP/JSON writes ids in hex where protobuf's JSON mapping
    /// has base64, so they are converted first, as a collector does. Prints: spans, root span's
    /// name, trace id bytes, resource keys, events.
    static let otlpReader = """
        import base64, json, sys
        from google.protobuf import json_format
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
        doc = json.load(open(sys.argv[1]))
        for rs in doc["resourceSpans"]:
            for ss in rs["scopeSpans"]:
                for sp in ss["spans"]:
                    for key in ("traceId", "spanId", "parentSpanId"):
                        if sp.get(key): sp[key] = base64.b64encode(bytes.fromhex(sp[key])).decode()
        request = json_format.Parse(json.dumps(doc), ExportTraceServiceRequest())
        spans = request.resource_spans[0].scope_spans[0].spans
        resource = [a.key for a in request.resource_spans[0].resource.attributes]
        roots = [s for s in spans if not s.parent_span_id]
        print(json.dumps({"spans": len(spans), "roots": [s.name for s in roots], "traceIdBytes": len(spans[0].trace_id),
                          "resource": resource, "events": sum(len(s.events) for s in spans),
                          "ordered": all(s.end_time_unix_nano >= s.start_time_unix_nano for s in spans)}))
        """

    @Test("--export-otlp: each launch an OpenTelemetry trace that OpenTelemetry's protobuf definitions read")
    func otlp() throws {
        let folder = try BuiltProducts.scratchFolder("exports")
        defer { try? FileManager.default.removeItem(at: folder) }
        let otlp = folder.appendingPathComponent("launches.otlp.json")
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "2", "--no-history", "--pre-main-launches", "0", "--output",
            folder.appendingPathComponent("run").path, "--export-otlp", otlp.path, "--",
            BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let read = try BuiltProducts.run(TestPython.path, ["-c", Self.otlpReader, otlp.path])
        #expect(read.status == 0, "\(read.stderr)")
        struct Parsed: Decodable {
            var spans: Int
            var roots: [String]
            var traceIdBytes: Int
            var resource: [String]
            var events: Int
            var ordered: Bool
        }
        let parsed = try JSONDecoder().decode(Parsed.self, from: Data(read.stdout.utf8))
        #expect(parsed.roots == ["launch 1", "launch 2"])
        #expect(parsed.traceIdBytes == 16)
        #expect(parsed.spans > 2 * PhaseName.uikit.count)
        #expect(parsed.resource.contains("service.name") && parsed.resource.contains("host.name"))
        #expect(parsed.events > 0, "SampleApp's findings are events of the phases they cost")
        #expect(parsed.ordered)
    }
}
