import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTrace
import Testing

@testable import LaunchTool

/// Files of schema version 1, which named the measurement launches `timingLaunches`, are still
/// read: a run folder or a baseline saved by an older launchprof.
@Suite("Schema version 1 files")
struct SchemaUpgradeTests {
    /// A summary with measurement launches.
    static func summary() -> RunSummary {
        let run = TraceFactory.run(count: 3)
        let measured = (1...3).map { index in
            var record = LaunchRecord(index: index, scenario: .warm, outcome: .completed, wallNs: 6_000_000)
            record.readyNs = 6_000_000
            return record
        }
        return RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces, timing: measured)
    }

    /// `data` as version 1 wrote it: `measurementLaunches` named `timingLaunches`.
    static func versionOne(_ data: Data) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["timingLaunches"] = object.removeValue(forKey: "measurementLaunches")
        object["schemaVersion"] = 1
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    }

    @Test("a version 1 summary.json is read whole, its timingLaunches as the measurement launches")
    func summaryVersionOne() throws {
        let summary = Self.summary()
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("summary.json")
        try Self.versionOne(try summary.encodedJSON()).write(to: url)
        let read = try RunSummary.read(from: url)
        #expect(read.schemaVersion == RunSummary.currentSchemaVersion)
        #expect(read.measurementLaunches?.count == 3)
        #expect(read == summary)
    }

    @Test("a version 1 launches.json is read, its timingLaunches as the measurement launches")
    func manifestVersionOne() throws {
        var manifest = RunManifest(
            appPath: "/usr/bin/git", scenario: .warm, runs: 2, warmup: 0, date: "2026-11-26T10:00:00Z", launches: [])
        manifest.measurementLaunches = [LaunchRecord(index: 1, scenario: .warm, outcome: .completed, wallNs: 5)]
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("launches.json")
        try manifest.write(to: url)
        try Self.versionOne(try Data(contentsOf: url)).write(to: url)
        #expect(try RunManifest.read(from: url) == manifest)
    }

    @Test("a version 1 journal line of the list timingLaunches is a measurement launch's")
    func journalVersionOne() throws {
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("launches.journal")
        let line =
            #"{"list":"timingLaunches","record":{"index":3,"outcome":"completed","scenario":"warm","wallNs":1650000},"schemaVersion":1}"#
        try Data((line + "\n").utf8).write(to: url)
        let entries = try RunJournal.read(from: url)
        #expect(entries.map(\.kind) == [.measurement])
        #expect(entries.first?.record.index == 3)
    }

    @Test("a version neither read nor written is refused, naming the versions that are")
    func unknownVersion() throws {
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("summary.json")
        try Data(#"{"schemaVersion": 3}"#.utf8).write(to: url)
        let error = try #require(throws: LaunchProfilerError.self) { try RunSummary.read(from: url) }
        #expect(error.context.jsonPath == "schemaVersion")
        #expect(error.message.contains("reads run summary schema versions 1, 2"), "\(error.message)")
    }
}
