import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `launchprof` on programs that are not LaunchKit apps: a command-line tool that writes no
/// trace, a server that never becomes ready, and a LaunchProbe program with its own phases.
@Suite("Profiling any program", .serialized)
struct AnyProgramTests {
    @Test("a command-line tool that writes no trace: exit 0, phases exec, loader, main, exit, and time to ready")
    func commandLineTool() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "0", "--output", folder.path, "--", "git", "--version",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
        #expect(warm.phases == PhaseName.program)
        #expect(warm.completedLaunches == 3)
        #expect(warm.metrics[MetricName.timeToReady.rawValue] != nil)
        #expect(summary.launches.allSatisfy { $0.readyNs != nil && $0.outcome == .completed })
        // The program's own peak memory (git's is a few MB), not the runner's, which the child
        // shared until exec and which the kernel's maxrss counts (about 30 MB).
        let trace = try LaunchTrace.read(
            from: folder.appendingPathComponent(try #require(summary.launches[0].traceFile)))
        #expect(trace.memory.peakResidentBytes > 0 && trace.memory.peakResidentBytes < 16_000_000, "\(trace.memory)")
        try Self.expectMeasurementLaunches(summary, folder: folder, stdout: output.stdout)
        // A primer launch before each measurement launch that follows a diagnosis launch shorter
        // than 50 ms (the first measurement launch follows the first diagnosis launch's processing).
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        let short = summary.launches.dropLast().filter { $0.wallNs < 50_000_000 }.count
        #expect((manifest.primerLaunches ?? []).count == short, "\(summary.launches.map(\.wallNs))")
        #expect(manifest.primerLaunches?.allSatisfy { $0.outcome == .completed && $0.traceFile == nil } != false)
    }

    @Test(
        "runs counts the measurement launches: in summary.json, launches.json, the history and the report's first line")
    func runsAreMeasurementLaunches() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = folder.appendingPathComponent("history.sqlite")
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "6", "--diagnosis-launches", "2", "--warmup", "0", "--history", history.path,
            "--output", folder.appendingPathComponent("run").path, "--", "git", "--version",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let run = folder.appendingPathComponent("run")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        #expect(summary.run.runs == 6 && summary.launches.count == 2 && summary.measurementLaunches?.count == 6)
        #expect(try RunManifest.read(from: run.appendingPathComponent("launches.json")).runs == 6)
        let firstLine = output.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            firstLine.hasSuffix(
                "6 measurement launches give the times below (6 completed); 2 diagnosis launches give the findings and profiles (2 completed)"
            ), "\(firstLine)")
        // The instruments' cost is a measured cost or said to be within the noise, never negative.
        let second = output.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(!second.contains("added -"), "\(second)")
        let listed = try BuiltProducts.launchprof(["history", "export", "--history", history.path, "--format", "json"])
        #expect(listed.stdout.contains("\"launches\" : 6"), "\(listed.stdout)")
        // The trace the runner built counted no faults nor switches: absent, not 0.
        let trace = try String(contentsOf: run.appendingPathComponent("launch-001.trace.json"), encoding: .utf8)
        #expect(trace.contains("\"onCpuNs\"") && !trace.contains("Faults") && !trace.contains("Switches"))
    }

    /// As many measurement launches as profiled ones: recorded, without trace files; the time to
    /// ready is theirs and the instruments' cost is the difference of the medians.
    static func expectMeasurementLaunches(_ summary: RunSummary, folder: URL, stdout: String) throws {
        let timing = try #require(summary.measurementLaunches)
        #expect(
            timing.count == 3
                && timing.allSatisfy { $0.outcome == .completed && $0.traceFile == nil && $0.readyNs != nil })
        #expect(timing.map(\.index) == [1, 2, 3])
        let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
        let cost = try #require(warm.timing)
        let timed = timing.compactMap(\.readyNs).map(Double.init)
        let profiled = summary.launches.compactMap(\.readyNs).map(Double.init)
        #expect(cost.launches == 3)
        #expect(warm.metrics[MetricName.timeToReady.rawValue]?.samples.sorted() == timed.sorted())
        #expect(cost.medianNs == Descriptive.median(timed) && cost.profiledMedianNs == Descriptive.median(profiled))
        #expect(cost.instrumentsCostNs == cost.profiledMedianNs - cost.medianNs)
        #expect(
            stdout.contains(", the median and p90 of 3 measurement launches (nothing loaded); the instruments"),
            "\(stdout)")
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".trace.json")
        }
        #expect(traces.count == 3, "\(traces)")
        let markdown = try BuiltProducts.launchprof(["report", folder.path, "--format", "markdown"])
        #expect(markdown.stdout.contains("Measurement launches: time to ready"), "\(markdown.stdout)")
        try OutputSchemaTests.expectValid([folder.appendingPathComponent("launches.json")], "launches")
        try OutputSchemaTests.expectValid([folder.appendingPathComponent("summary.json")], "summary")
    }

    @Test("a wrapper's own work before it execs the program is in loader, and its finding advises starting the program")
    func wrapperWork() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("wrapper.sh")
        try "#!/bin/sh\ni=0\nwhile [ $i -lt 60000 ]; do i=$((i + 1)); done\nexec /bin/true\n".write(
            to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let run = folder.appendingPathComponent("run")
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "0", "--no-history", "--output", run.path, "--", script.path,
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        for record in summary.launches {
            let trace = try LaunchTrace.read(from: run.appendingPathComponent(try #require(record.traceFile)))
            let loader = try #require(trace.phases.first { $0.phase == .loader })
            let main = try #require(trace.phases.first { $0.phase == .main })
            #expect(loader.durationNs > 5 * main.durationNs, "the shell's loop is before true's main: \(trace.phases)")
        }
        let top = try #require(summary.findings?.findings.first, "\(output.stdout)")
        #expect(top.site.phase == .loader, "\(top.site)")
        #expect(top.advice.summary.contains("which ran before the launched program's main"), "\(top.advice.summary)")
    }

    @Test("--no-measurement-launches: a command-line tool's time to ready comes from its profiled launches")
    func noMeasurementLaunches() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "2", "--warmup", "0", "--no-measurement-launches", "--output", folder.path, "--", "git",
            "--version",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        #expect(summary.measurementLaunches == nil)
        let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
        #expect(warm.timing == nil)
        #expect(
            warm.metrics[MetricName.timeToReady.rawValue]?.samples.sorted()
                == summary.launches.compactMap(\.readyNs).map(Double.init).sorted())
    }

    @Test("a server that never becomes ready exits 3, naming the condition it was waiting for")
    func neverReady() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--timeout", "1", "--ready-when", "port:1", "--output",
                folder.path,
                "--", BuiltProducts.path("FixtureServer"), "--never-ready",
            ]
        )
        #expect(output.status == ProfilerExitStatus.launchFailed.rawValue, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stdout.contains("did not become ready (waiting for TCP port 1 to listen) within 1 s"),
            "\(output.stdout)")
    }

    @Test("more than 60 launches need no --max-runs; a --max-runs below --runs is a usage error naming both")
    func manyRuns() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "61", "--warmup", "0", "--diagnosis-launches", "1", "--no-pre-main", "--no-history",
            "--output", folder.path, "--", "/bin/true",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        #expect(manifest.measurementLaunches?.count == 61 && manifest.launches.count == 1)
        let refused = try BuiltProducts.launchprof(["run", "--runs", "20", "--max-runs", "10", "--", "/bin/true"])
        #expect(refused.status == ProfilerExitStatus.usageError.rawValue)
        #expect(refused.stderr.contains("--max-runs must be from --runs (20) to 100000, not 10."), "\(refused.stderr)")
    }

    @Test("a bad readiness condition is a usage error naming the value and the forms")
    func badCondition() throws {
        let output = try BuiltProducts.launchprof(["run", "--ready-when", "port:http", "--", "git", "--version"])
        #expect(output.status == ProfilerExitStatus.usageError.rawValue)
        #expect(output.stderr.contains("\"port:http\""), "\(output.stderr)")
        #expect(output.stderr.contains("1 to 65535"), "\(output.stderr)")
    }

    @Test("a program's own phases reach the trace, the budgets, and the text, JSON and HTML reports")
    func programPhases() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "3", "--warmup", "0", "--budgets", BuiltProducts.fixture("budgets-server.json"),
                "--output", folder.path,
                "--", BuiltProducts.path("FixtureServer"), "--phases",
            ]
        )
        #expect(output.status == ProfilerExitStatus.budgetExceeded.rawValue, "\(output.stdout)\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("database") && $0.contains("pass") }, "\(output.stdout)")
        #expect(lines.contains { $0.contains("routes") && $0.contains("FAIL") }, "\(output.stdout)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
        #expect(warm.phases == ["binaryLoad", "database", "migrations", "routes", "bind"])
        #expect(warm.metrics["routes.blocked"] != nil)
        // A server has no first frame: its progress, findings and attribution speak of readiness.
        #expect(output.stderr.contains("launch 1/3: ready "), "\(output.stderr)")
        #expect(!output.stdout.contains("first frame"), "\(output.stdout)")
        #expect(summary.findings?.endpoint == .ready)
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("migrations"))
        let json = try BuiltProducts.launchprof([
            "check", "--budgets", BuiltProducts.fixture("budgets-server.json"), "--format", "json", folder.path,
        ])
        #expect(json.stdout.contains("\"routes\""), "\(json.stdout)\(json.stderr)")
    }
}
