import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Metric catalog and extractor")
struct MetricTests {
    @Test("Phases, thread states and totals are extracted in base units")
    func extractsPhases() {
        let values = MetricExtractor.values(of: TraceFactory.trace())
        #expect(values[.phase(.binaryLoad)] == 120_000_000)
        #expect(values[.phase(.didFinishLaunching)] == 180_000_000)
        #expect(values[.phase(.didFinishLaunching, .onCpu)] == 108_000_000)
        #expect(values[.phase(.didFinishLaunching, .runnable)] == 18_000_000)
        #expect(values[.phase(.didFinishLaunching, .blocked)] == 54_000_000)
        #expect(values[.timeToFirstFrame] == 401_000_000)
        #expect(values[.timeToActive] == 411_000_000)
        #expect(values[.peakMemory] == 52_000_000)
        #expect(values[.profilerOverhead] == 40_000)
        // Eight phases before first frame, one major and 100 minor faults each.
        #expect(values[.majorFaults] == 8)
        #expect(values[.minorFaults] == 800)
        #expect(values[.mainThreadBlocked] == 401_000_000 * 0.3)
        #expect(values[.mainThreadOnCpu] == 401_000_000 * 0.6)
    }

    @Test("Absent data is absent, never zero")
    func absentIsAbsent() {
        let values = MetricExtractor.values(of: TraceFactory.trace(phasesMs: [120, 2, 1]))
        for name in [
            "timeToFirstFrame", "timeToActive", "timeToFullDisplay", "didFinishLaunching", "resume.toFrame",
            "stallCount", "longestStall", "blockingCalls.fileIO", "blockingTime.lock",
        ] {
            #expect(values[MetricName(rawValue: name)] == nil, "\(name) should be absent")
        }
        #expect(values[.phase(.binaryLoad)] == 120_000_000)
    }

    @Test("Spans are summed by name and resume marks give the resume metrics")
    func spansAndResume() {
        let marks = [
            Mark(name: ResumeMarks.willEnterForeground, timeNs: 2_000_000_000, phase: nil),
            Mark(name: ResumeMarks.frameCommitted, timeNs: 2_030_000_000, phase: nil),
            Mark(name: ResumeMarks.active, timeNs: 2_045_000_000, phase: nil),
        ]
        let trace = TraceFactory.trace(
            spans: [("catalog.load", 30), ("db.open", 5), ("catalog.load", 12)], marks: marks,
            fullDisplayNs: 600_000_000)
        let values = MetricExtractor.values(of: trace)
        #expect(values[.span("catalog.load")] == 42_000_000)
        #expect(values[.span("db.open")] == 5_000_000)
        #expect(values[.resumeToFrame] == 30_000_000)
        #expect(values[.resumeToActive] == 45_000_000)
        #expect(values[.timeToFullDisplay] == 600_000_000)
    }

    @Test("Every extracted name is in the catalog with a kind")
    func extractedNamesAreValid() {
        let trace = TraceFactory.trace(spans: [("x", 1)], fullDisplayNs: 1)
        for name in MetricExtractor.values(of: trace).keys {
            #expect(MetricCatalog.isValid(name), "\(name)")
        }
    }

    @Test(
        "Kinds of metric names",
        arguments: [
            ("timeToFirstFrame", MetricKind.time), ("didBecomeActive.blocked", .time), ("peakMemory", .bytes),
            ("majorFaults", .count), ("stallCount", .count), ("blockingCalls.network", .count),
            ("blockingTime.sleep", .time), ("span.any.name here", .time), ("resume.toActive", .time),
        ])
    func kinds(name: String, kind: MetricKind) {
        #expect(MetricCatalog.kind(of: MetricName(rawValue: name)) == kind)
    }

    @Test(
        "Invalid names",
        arguments: [
            "", "span.", "blockingTime.disk", "timeToFirstFrame.onCpu", "TimeToFirstFrame", "binaryLoad.sleeping",
        ])
    func invalid(name: String) {
        #expect(!MetricCatalog.isValid(MetricName(rawValue: name)))
    }

    @Test(
        "Typos get the closest valid name",
        arguments: [
            ("timeToFirstFram", "timeToFirstFrame"), ("didFinishLaunch", "didFinishLaunching"),
            ("peakmemory", "peakMemory"), ("mainThreadBlock", "mainThreadBlocked"),
        ])
    func suggestion(typo: String, expected: String) {
        #expect(MetricCatalog.suggestion(for: typo)?.rawValue == expected)
    }

    @Test("Unrelated names get no suggestion")
    func noSuggestion() {
        #expect(MetricCatalog.suggestion(for: "the quick brown fox jumps") == nil)
    }

    @Test(
        "Levenshtein distance closed cases",
        arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0), ("abc", "", 3)])
    func levenshtein(a: String, b: String, distance: Int) {
        #expect(EditDistance.levenshtein(a, b) == distance)
    }

    @Test(
        "Formatting values for people",
        arguments: [
            (MetricKind.time, 412_345_678.0, "412.3 ms"), (.time, 1_500_000_000, "1.500 s"), (.time, 40_000, "40.0 us"),
            (.time, 512, "512 ns"), (.bytes, 52_000_000, "52.0 MB"), (.bytes, 999, "999 B"), (.count, 12, "12"),
            (.count, 2.5, "2.5"),
            (.time, -3_000_000, "-3.0 ms"),
        ])
    func formatting(kind: MetricKind, value: Double, text: String) {
        #expect(kind.format(value) == text)
    }
}
