import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

/// Every JSON file a real run writes validates against its schema in `schemas/` (Python
/// `jsonschema`), and the CI conveniences (`--format github`, `GITHUB_STEP_SUMMARY`) work on it.
@Suite("Real outputs against their schemas and CI consumers")
struct OutputSchemaTests {
    @Test(
        "a SampleApp run: traces, launches.json, summary.json, verdicts.json, a baseline and --format json validate; annotations and the step summary are written"
    )
    func realRun() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let stepSummary = folder.appendingPathComponent("step-summary.md")
        try Data("# Earlier step\n".utf8).write(to: stepSummary)
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "2", "--warmup", "0", "--budgets", BuiltProducts.fixture("budgets-policy-error.json"),
                "--output", run.path, "--format", "github", "--", BuiltProducts.path("SampleApp"),
            ],
            in: folder, environment: ["GITHUB_STEP_SUMMARY": stepSummary.path]
        )
        #expect(output.status == 2, "SampleApp breaks the error-level policy: \(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("::error title=launchprof policy%3A "), "\(output.stdout)")
        #expect(output.stdout.contains("::notice title=launchprof::"))
        let summaryText = try String(contentsOf: stepSummary, encoding: .utf8)
        #expect(summaryText.hasPrefix("# Earlier step\n"), "the earlier step's summary is kept")
        #expect(summaryText.contains("| timeToFirstFrame"), "\(summaryText)")

        let traces = try FileManager.default.contentsOfDirectory(at: run, includingPropertiesForKeys: nil).filter {
            $0.lastPathComponent.hasSuffix(".trace.json")
        }
        #expect(traces.count == 4, "two diagnosis launches' traces and two measurement launches'")
        try Self.expectValid(traces, "trace")
        try Self.expectValid([run.appendingPathComponent("launches.json")], "launches")
        try Self.expectValid([run.appendingPathComponent("summary.json")], "summary")
        try Self.expectValid([run.appendingPathComponent("verdicts.json")], "verdicts")

        let folded = try BuiltProducts.launchprof(["report", "--format", "folded", run.path], in: folder)
        #expect(folded.status == 0, "\(folded.stderr)")
        let roots = Set(
            folded.stdout.split(separator: "\n").compactMap {
                $0.split(separator: ";").dropFirst().first.map(String.init)
            })
        // Below its phase, every stack starts at its thread: the main thread, or another one by name.
        #expect(roots.contains("main thread"), "\(roots)")
        #expect(
            roots.allSatisfy { $0 == "main thread" || $0.hasPrefix("thread ") || $0.hasPrefix("process ") }, "\(roots)")

        let saved = try BuiltProducts.launchprof(["baseline", "save", "main", run.path], in: folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        try Self.expectValid([folder.appendingPathComponent(".launchprof/baselines/main.json")], "baseline")

        let check = try BuiltProducts.launchprof(
            ["check", "--budgets", BuiltProducts.fixture("budgets-policy-error.json"), "--format", "json", run.path],
            in: folder)
        let json = folder.appendingPathComponent("check.json")
        try Data(check.stdout.utf8).write(to: json)
        try Self.expectValid([json], "verdicts")

        // check-jsonschema, given only the schema file, resolves its relative $refs beside it, offline
        // (run by the one interpreter scripts/test installs it for, not whichever is first on PATH).
        let checker = try BuiltProducts.run(
            TestPython.path,
            [
                "-m", "check_jsonschema", "--schemafile", JSONSchemaValidator.schema("summary").path,
                run.appendingPathComponent("summary.json").path,
            ], environment: ["no_proxy": "*", "https_proxy": "http://127.0.0.1:9", "http_proxy": "http://127.0.0.1:9"])
        #expect(checker.status == 0, "\(checker.stdout)\(checker.stderr)")
    }

    @Test("every $ref of the schemas is relative: they resolve from the files alone")
    func relativeReferences() throws {
        let folder = JSONSchemaValidator.schema("summary").deletingLastPathComponent()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".schema.json") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("\"$ref\": \"http"), "\(name) has an absolute $ref")
        }
    }

    static func expectValid(_ files: [URL], _ schema: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let problems = try JSONSchemaValidator.validate(files, against: JSONSchemaValidator.schema(schema))
        for file in files {
            // Every file names its schema: the published copy of the one it is validated against.
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            #expect(
                // A saved baseline is a run summary.
                object?["$schema"] as? String
                    == JSONSchemaName(rawValue: schema == "baseline" ? "summary" : schema)?.url,
                "\(file.lastPathComponent): $schema is \(String(describing: object?["$schema"]))",
                sourceLocation: sourceLocation)
            let found = problems[file.path] ?? ["not validated"]
            #expect(
                found.isEmpty, "\(file.lastPathComponent) against schemas/\(schema).schema.json: \(found.prefix(5))",
                sourceLocation: sourceLocation)
        }
    }
}
