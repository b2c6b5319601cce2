import Foundation
import LaunchRunner
import LaunchTool
import LaunchTrace
import Testing

/// `launches.json` with its records written directly.
@Suite("RunManifestEncoder")
struct RunManifestEncoderTests {
    static func record(_ index: Int, outcome: LaunchRecord.Outcome = .completed) -> LaunchRecord {
        var record = LaunchRecord(
            index: index, scenario: .warm, outcome: outcome, exitStatus: 0, wallNs: Int64(1_000_000 + index),
            traceFile: "launch-\(index).trace.json", message: "line 1\n\"line\" 2 a/b")
        record.lastPhase = "main"
        record.readyWhen = .port(8080)
        record.shutdown = LaunchShutdown(method: .terminated, gracePeriodNs: 5_000_000_000, durationNs: 3_000_000)
        return record
    }

    static func manifest(_ count: Int) -> RunManifest {
        var manifest = RunManifest(
            appPath: "/usr/bin/git", scenario: .warm, runs: count, warmup: 1, date: "2026-11-26T07:00:00Z",
            launches: (1...count).map { record($0) })
        manifest.name = "git \"--version\""
        manifest.measurementLaunches = (1...count).map { record($0) }
        manifest.primerLaunches = count > 1 ? (2...count).map { record($0) } : []
        manifest.warmupLaunches = [record(-1)]
        return manifest
    }

    @Test("byte for byte what TraceJSON writes for the whole manifest, lists empty, absent or full")
    func matchesWholeEncoding() throws {
        for count in 1...3 {
            var manifest = Self.manifest(count)
            #expect(
                try RunManifestEncoder.encode(manifest) == TraceJSON.encode(manifest, schema: .launches)
                    + Data("\n".utf8))
            manifest.launches = []
            manifest.preMainLaunches = [Self.record(1, outcome: .crashed)]
            #expect(
                try RunManifestEncoder.encode(manifest) == TraceJSON.encode(manifest, schema: .launches)
                    + Data("\n".utf8))
        }
        var fewer = Self.manifest(2)
        fewer.measurementLaunches = nil
        let encoded = try RunManifestEncoder.encode(fewer)
        #expect(encoded == (try TraceJSON.encode(fewer, schema: .launches)) + Data("\n".utf8))
        #expect(try TraceJSON.decode(RunManifest.self, from: encoded, file: "launches.json") == fewer)
    }
}
