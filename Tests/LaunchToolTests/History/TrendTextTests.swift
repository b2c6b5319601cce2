import LaunchHistory
import LaunchTestSupport
import LaunchTool
import Testing

/// Change points and values as `history trend`, `history show` and the dashboard print them.
@Suite("Trend text")
struct TrendTextTests {
    /// The change points of the eight nights with a minimum segment of 3 runs.
    static func changes() -> [TrendChange] {
        TrendAnalysis(options: ChangePointOptions(minSegment: 3)).changes(in: NightlyHistory.runs())
    }

    @Test("a step reads in the metric's unit; a change from zero reads as what it is, not +0.0 %")
    func movement() throws {
        let changes = Self.changes()
        let ready = try #require(changes.first { $0.series.metric == "timeToReady" })
        #expect(ready.index == 4 && ready.commitBefore == "c4" && ready.commitAfter == "c5")
        #expect(ready.movement.hasPrefix("up +3"), "\(ready.movement)")
        #expect(ready.movement.hasSuffix(", median 911.0 us -> 3.9 ms"), "\(ready.movement)")
        let blocked = try #require(changes.first { $0.series.metric == "main.blocked" })
        #expect(blocked.movement == "up from 0 to 3.0 ms", "\(blocked.movement)")
    }

    @Test("values carry their unit: times, sizes, counts, and a program's own phase")
    func units() {
        let key = { (metric: String) in SeriesKey(app: "a", scenario: "warm", machineClass: "m", metric: metric) }
        #expect(key("timeToReady").format(875_900) == "875.9 us")
        #expect(key("timeToReady").format(3_109_000) == "3.1 ms")
        #expect(key("peakMemory").format(1_310_720) == "1.3 MB")
        #expect(key("minorFaults").format(112) == "112")
        #expect(key("database.blocked").format(2_000_000) == "2.0 ms")
    }

    @Test("too few runs for the minimum segment: how many more are needed")
    func tooFewRuns() {
        let options = ChangePointOptions()
        #expect(options.runsNeeded(8) == 6 && options.runsNeeded(14) == nil)
        #expect(options.tooFewRuns(longest: 8)?.hasSuffix("the longest series has 8: 6 more.") == true)
        #expect(options.shorterSegment(for: 8) == 4)
    }
}
