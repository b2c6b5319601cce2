import Foundation
import Testing

@testable import LaunchTrace

@Suite("LaunchTrace JSON")
struct LaunchTraceTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    @Test("a trace round-trips through JSON unchanged")
    func roundTrip() throws {
        let trace = TraceSamples.trace()
        let data = try TraceJSON.makeEncoder().encode(trace)
        #expect(try LaunchTrace.decode(data, file: "memory") == trace)
    }

    @Test("the JSON has sorted keys, a schema version, and the derived blocked time")
    func jsonShape() throws {
        let text = String(decoding: try TraceJSON.makeEncoder().encode(TraceSamples.trace()), as: UTF8.self)
        #expect(text.contains("\"schemaVersion\" : 1"))
        #expect(text.contains("\"blockedNs\" : 400000"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
    }

    @Test("the checked-in SampleApp trace reads, and its phases add up to time to first frame")
    func checkedInTrace() throws {
        let trace = try LaunchTrace.read(from: Self.fixtures.appendingPathComponent("sampleapp.trace.json"))
        let ttff = try #require(trace.totals.timeToFirstFrameNs)
        let sum = trace.phases.filter { $0.phase.isBeforeFirstFrame }.reduce(0) { $0 + $1.durationNs }
        #expect(sum == ttff)
        #expect(trace.phases.map(\.phase) == trace.phases.map(\.phase).sorted())
    }

    @Test(
        "bad trace files give an error naming the file, the JSON path and what was expected",
        arguments: [
            ("bad-type.trace.json", "phases[1].durationNs", "Int64"),
            ("missing-key.trace.json", "totals", "missing"),
            ("wrong-version.trace.json", "schemaVersion", "schema version 1"),
            ("not-json.trace.json", "", "not valid JSON"),
            ("invalid-phase-name.trace.json", "phases[0].phase", "PhaseName"),
        ]
    )
    func badFiles(file: String, path: String, expected: String) throws {
        let url = Self.fixtures.appendingPathComponent(file)
        let error = try #require(throws: LaunchProfilerError.self) { try LaunchTrace.read(from: url) }
        #expect(error.context.file == url.path)
        #expect((error.context.jsonPath ?? "") == path)
        #expect(error.description.contains(expected), "\(error.description)")
        #expect(error.description.hasPrefix(url.path))
    }

    @Test("a file that cannot be read names the file")
    func missingFile() throws {
        let error = try #require(throws: LaunchProfilerError.self) {
            try LaunchTrace.read(from: URL(filePath: "/nonexistent/x.json"))
        }
        #expect(error.description.contains("/nonexistent/x.json"))
    }

    @Test("atomic writes replace the file whole and leave no temporary file")
    func atomicWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("t.json")
        try TraceSamples.trace(ttffMs: 100).write(to: url)
        try TraceSamples.trace(ttffMs: 200).write(to: url)
        #expect(try LaunchTrace.read(from: url).totals.timeToFirstFrameNs == 200_000_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["t.json"])
    }

    @Test("probe events survive their wire form")
    func probeEvents() throws {
        let event = ProbeEvent(kind: .phase, timeNs: 1234, name: "didFinishLaunching")
        let line = event.line
        #expect(line == "phase 1234 didFinishLaunching\n")
        #expect(ProbeEvent(line: line.dropLast()) == event)
        #expect(ProbeEvent(line: "bogus 12 x") == nil)
        #expect(ProbeEvent(line: "active 99 ") == ProbeEvent(kind: .active, timeNs: 99))
        let exitPoint = ProbeEvent(kind: .exitPoint, timeNs: 171_000_000, name: "exitAfterFirstFrame")
        #expect(exitPoint.line == "exitPoint 171000000 exitAfterFirstFrame\n")
        #expect(ProbeEvent(line: exitPoint.line.dropLast()) == exitPoint)
    }
}
