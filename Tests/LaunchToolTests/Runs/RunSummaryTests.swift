import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Run summaries and run folders")
struct RunSummaryTests {
    @Test("A summary has statistics and raw samples per scenario and metric")
    func build() throws {
        let run = TraceFactory.run(count: 10, failed: [.crashed])
        let summary = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        #expect(summary.schemaVersion == 2)
        #expect(summary.launches.count == 11)
        #expect(summary.completedLaunchCount == 10)
        #expect(summary.outcomeCounts == [.completed: 10, .crashed: 1])
        #expect(summary.run.machine == TraceFactory.machine)
        let metric = try #require(summary.metric(.phase(.didFinishLaunching), scenario: .warm))
        #expect(metric.kind == .time)
        #expect(metric.samples.count == 10)
        #expect(metric.launchIndices == Array(1...10))
        #expect(metric.statistics == SampleStatistics(samples: metric.samples))
        #expect(
            metric.medianInterval.lower <= metric.statistics.median
                && metric.statistics.median <= metric.medianInterval.upper)
        #expect(summary.metric(.timeToFullDisplay, scenario: .warm) == nil)
        #expect(summary.scenarios["warm"]?.completedLaunches == 10)
    }

    @Test(
        "Measurement launches give the time to ready; the instruments' cost is the difference of the medians; a failed one is left out"
    )
    func measurementLaunches() throws {
        var run = TraceFactory.run(count: 3)
        for index in run.traces.indices { run.traces[index].totals.timeToReadyNs = 10_000_000 }
        var timing = [6, 8, 7, 5].enumerated().map { offset, ms in
            var record = LaunchRecord(
                index: offset + 1, scenario: .warm, outcome: .completed, wallNs: Int64(ms) * 1_000_000)
            record.readyNs = Int64(ms) * 1_000_000
            return record
        }
        timing[3].outcome = .crashed
        let summary = RunSummary.build(
            info: RunInfoFactory.info, records: run.records, traces: run.traces, timing: timing)
        let ready = try #require(summary.metric(.timeToReady, scenario: .warm))
        #expect(ready.samples == [6_000_000, 8_000_000, 7_000_000])
        #expect(ready.launchIndices == [1, 2, 3])
        let cost = try #require(summary.scenarios["warm"]?.timing)
        #expect(cost.launches == 3 && cost.medianNs == 7_000_000 && cost.profiledMedianNs == 10_000_000)
        #expect(cost.instrumentsCostNs == 3_000_000 && cost.instrumentsCostFraction == 3.0 / 7.0)
        #expect(summary.metric(.phase(.didFinishLaunching), scenario: .warm)?.samples.count == 3)
        #expect(summary.measurementLaunches == timing)
        let untimed = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        #expect(
            untimed.scenarios["warm"]?.timing == nil
                && untimed.metric(.timeToReady, scenario: .warm)?.samples == [10_000_000, 10_000_000, 10_000_000])
    }

    @Test(
        "A program ready by its first frame: its measurement launches give timeToFirstWindow and timeToFirstFrame too")
    func displayTimesFromMeasurementLaunches() throws {
        var run = TraceFactory.run(count: 3)
        for index in run.traces.indices {
            run.traces[index].totals.timeToReadyNs = 90_000_000
            run.traces[index].totals.timeToFirstWindowNs = 40_000_000
            run.traces[index].totals.timeToFirstFrameNs = 90_000_000
        }
        let timing = [(20, 60), (22, 62), (21, 61)].enumerated().map { offset, times in
            var record = LaunchRecord(index: offset + 1, scenario: .warm, outcome: .completed, wallNs: 100_000_000)
            record.readyWhen = .frame(title: nil)
            record.firstWindowNs = Int64(times.0) * 1_000_000
            record.firstFrameNs = Int64(times.1) * 1_000_000
            record.readyNs = record.firstFrameNs
            return record
        }
        let summary = RunSummary.build(
            info: RunInfoFactory.info, records: run.records, traces: run.traces, timing: timing)
        #expect(summary.metric(.timeToFirstWindow, scenario: .warm)?.samples == [20_000_000, 22_000_000, 21_000_000])
        #expect(summary.metric(.timeToFirstFrame, scenario: .warm)?.samples == [60_000_000, 62_000_000, 61_000_000])
        #expect(summary.metric(.timeToReady, scenario: .warm)?.samples == [60_000_000, 62_000_000, 61_000_000])
        // A measurement launch that did not see the window: the diagnosis launches' values stay.
        var partial = timing
        partial[1].firstWindowNs = nil
        let kept = RunSummary.build(
            info: RunInfoFactory.info, records: run.records, traces: run.traces, timing: partial)
        #expect(kept.metric(.timeToFirstWindow, scenario: .warm)?.samples == [40_000_000, 40_000_000, 40_000_000])
    }

    @Test("Scenarios are kept apart")
    func scenarios() {
        let warm = TraceFactory.run(count: 3)
        let cold = TraceFactory.run(count: 2, didFinishMs: 300, scenario: .cold)
        let summary = RunSummary.build(
            info: RunInfoFactory.info, records: warm.records + cold.records, traces: warm.traces + cold.traces)
        #expect(summary.metric(.phase(.didFinishLaunching), scenario: .warm)?.samples.count == 3)
        #expect(summary.metric(.phase(.didFinishLaunching), scenario: .cold)?.statistics.min == 300_000_000)
    }

    @Test("A summary round-trips through its file")
    func roundTrip() throws {
        let run = TraceFactory.run(count: 5)
        let summary = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("summary.json")
        try summary.write(to: url)
        #expect(try RunSummary.read(from: url) == summary)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"schemaVersion\" : 2"))
    }

    @Test(
        "Bad summary files give errors naming the file and path",
        arguments: [
            ("{\"run\": {}}", "schemaVersion", "missing"),
            ("{\"schemaVersion\": 7}", "schemaVersion", "not supported"),
            ("{\"schemaVersion\": 1, \"launches\": [], \"scenarios\": {}}", "run", "missing"),
            ("not json", "", "not valid"),
        ])
    func badSummary(json: String, path: String, fragment: String) throws {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("bad.json")
        try Data(json.utf8).write(to: url)
        let error = try #require(throws: LaunchProfilerError.self) { try RunSummary.read(from: url) }
        #expect(error.context.file == url.path)
        #expect((error.context.jsonPath ?? "") == path)
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("A run folder is loaded; a completed launch with a broken trace becomes invalidTrace")
    func runFolder() throws {
        let folder = try Fixtures.temporaryDirectory()
        let run = TraceFactory.run(count: 4)
        for (record, trace) in zip(run.records, run.traces) {
            try trace.write(to: folder.appendingPathComponent(record.traceFile!))
        }
        try Data("{\"schemaVersion\": 1}".utf8).write(to: folder.appendingPathComponent(run.records[3].traceFile!))
        var records = run.records
        records.append(
            LaunchRecord(
                index: 5, scenario: .warm, outcome: .timedOut, wallNs: 10_000_000_000,
                message: "The app did not finish within 10 s."))
        let manifest = RunManifest(
            appPath: "/apps/SampleApp", scenario: .warm, runs: 5, warmup: 1, date: "2025-01-31T09:12:00Z",
            launches: records)
        try manifest.write(to: folder.appendingPathComponent("launches.json"))
        #expect(try RunManifest.read(from: folder.appendingPathComponent("launches.json")) == manifest)

        let summary = try RunFolder(url: folder).loadSummary()
        #expect(summary.launches.map(\.outcome) == [.completed, .completed, .completed, .invalidTrace, .timedOut])
        #expect(summary.launches[3].message?.contains("run-004.trace.json") == true)
        #expect(summary.metric(.timeToFirstFrame, scenario: .warm)?.samples.count == 3)
        #expect(summary.run.runs == 5 && summary.run.warmup == 1)
    }

    @Test("A folder without launches.json is an invalid-file error")
    func missingManifest() throws {
        let folder = try Fixtures.temporaryDirectory()
        let error = try #require(throws: LaunchProfilerError.self) { try RunFolder(url: folder).loadSummary() }
        #expect(error.context.file?.hasSuffix("launches.json") == true)
        #expect(error.message.hasPrefix("The run manifest cannot be read"))
    }
}
