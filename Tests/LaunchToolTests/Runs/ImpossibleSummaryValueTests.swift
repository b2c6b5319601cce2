import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

/// A summary or baseline holding a value no launch can produce (1e308 ns, a negative time, a
/// statistic of 1e308) is rejected when it is read, naming the file, the JSON path and the
/// value, as traces are; the formatting cannot trap on any value.
@Suite("Impossible values in summaries and baselines")
struct ImpossibleSummaryValueTests {
    static func summary() -> RunSummary {
        let run = TraceFactory.run(count: 5)
        return RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
    }

    static func readError(_ summary: RunSummary, replacing: String? = nil, with: String = "") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impossible-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("main.json")
        var text = String(decoding: try TraceJSON.makeEncoder().encode(summary), as: UTF8.self)
        if let replacing { text = text.replacingOccurrences(of: replacing, with: with) }
        try Data(text.utf8).write(to: url)
        do {
            _ = try BaselineStore(directory: folder).load(name: "main")
            _ = try SummaryLoader.load(url)
            return "read without an error"
        } catch {
            return LaunchProfilerError.describe(error).replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    @Test(
        "a sample of 1e308 ns or below zero is rejected with the file, the JSON path and the value",
        arguments: [1e308, -5.0])
    func impossibleSample(value: Double) throws {
        var summary = Self.summary()
        summary.scenarios["warm"]?.metrics["timeToFirstFrame"]?.samples[2] = value
        let message = try Self.readError(summary)
        let path = "scenarios.warm.metrics.timeToFirstFrame.samples[2]"
        #expect(message.hasPrefix("main.json: at \(path): "), "\(message)")
        #expect(
            message.contains("the value \(value) is not valid. Expected a time from 0 to 86400000000000 ns (one day)."),
            "\(message)")
    }

    @Test("a statistic or a confidence bound of 1e308, or a count beyond 2^53, is rejected too")
    func impossibleStatistic() throws {
        var summary = Self.summary()
        summary.scenarios["warm"]?.metrics["timeToFirstFrame"]?.statistics.p90 = 1e308
        #expect(
            try Self.readError(summary).hasPrefix(
                "main.json: at scenarios.warm.metrics.timeToFirstFrame.statistics.p90: "))
        summary = Self.summary()
        summary.scenarios["warm"]?.metrics["timeToFirstFrame"]?.p90Interval.upper = 1e308
        #expect(
            try Self.readError(summary).hasPrefix(
                "main.json: at scenarios.warm.metrics.timeToFirstFrame.p90Interval.upper: "))
        summary = Self.summary()
        summary.scenarios["warm"]?.metrics["peakMemory"]?.samples[0] = 1e300
        #expect(try Self.readError(summary).contains("Expected a byte count from 0 to 9007199254740992."))
    }

    @Test("a number too large for a Double (1e309) is rejected as well")
    func overflowingNumber() throws {
        var summary = Self.summary()
        summary.scenarios["warm"]?.metrics["timeToFirstFrame"]?.samples[0] = 123_456_789
        let message = try Self.readError(summary, replacing: "123456789", with: "1e309")
        #expect(
            message.hasPrefix("main.json: at scenarios.warm.metrics.timeToFirstFrame.samples[0]: ")
                || message.hasPrefix("main.json: "), "\(message)")
        #expect(message != "read without an error")
    }

    @Test("formatting any value, however large, gives text instead of trapping")
    func formattingSaturates() {
        #expect(MetricKind.time.format(1e308) == "1e+299 s")
        let bytes = MetricKind.bytes.format(-1e300)
        #expect(bytes.hasPrefix("-1") && bytes.hasSuffix("e+291 GB"), "\(bytes)")
        #expect(MetricKind.count.format(.infinity) == "inf")
        #expect(MetricKind.time.format(.nan) == "nan ns")
        #expect(MetricKind.time.format(412_300_000) == "412.3 ms")
        let statistics = SampleStatistics(samples: [1e308, 1e308, 1e308])
        #expect(MetricKind.time.format(statistics.mean) == "inf s")
    }
}
