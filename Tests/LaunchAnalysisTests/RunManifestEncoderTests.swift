import Foundation
import LaunchAnalysis
import LaunchTrace
import Testing

/// `launches.json` rewritten after each launch from records encoded once.
@Suite("RunManifestEncoder")
struct RunManifestEncoderTests {
    static func record(_ index: Int, outcome: LaunchRecord.Outcome = .completed) -> LaunchRecord {
        var record = LaunchRecord(
            index: index, scenario: .warm, outcome: outcome, exitStatus: 0, wallNs: Int64(1_000_000 + index),
            traceFile: "launch-\(index).trace.json")
        record.lastPhase = "main"
        return record
    }

    static func manifest(_ count: Int) -> RunManifest {
        var manifest = RunManifest(
            appPath: "/usr/bin/git", scenario: .warm, runs: count, warmup: 1, date: "2026-11-26T07:00:00Z",
            launches: (1...count).map { record($0) })
        manifest.name = "git \"--version\""
        manifest.timingLaunches = (1...count).map { record($0) }
        manifest.primerLaunches = count > 1 ? (2...count).map { record($0) } : []
        manifest.warmupLaunches = [record(-1)]
        return manifest
    }

    @Test("every rewrite is byte for byte the whole manifest encoded, as launches are added and a record changes")
    func matchesWholeEncoding() throws {
        let encoder = RunManifestEncoder()
        for count in 1...4 {
            var manifest = Self.manifest(count)
            #expect(try encoder.encode(manifest) == TraceJSON.encode(manifest, schema: .launches) + Data("\n".utf8))
            manifest.launches[0] = Self.record(1, outcome: .crashed)
            manifest.preMainLaunches = [Self.record(1)]
            #expect(try encoder.encode(manifest) == TraceJSON.encode(manifest, schema: .launches) + Data("\n".utf8))
        }
        var fewer = Self.manifest(2)
        fewer.timingLaunches = nil
        #expect(try encoder.encode(fewer) == TraceJSON.encode(fewer, schema: .launches) + Data("\n".utf8))
        let decoded = try TraceJSON.decode(RunManifest.self, from: try encoder.encode(fewer), file: "launches.json")
        #expect(decoded == fewer)
    }
}
