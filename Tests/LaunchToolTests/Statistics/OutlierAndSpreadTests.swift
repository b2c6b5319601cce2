import Testing

@testable import LaunchTool

@Suite("Outliers and spread")
struct OutlierAndSpreadTests {
    @Test("A far sample is flagged by median ± 3 scaled MAD")
    func outlier() throws {
        let samples = try #require(try StatsFixtures.load().descriptive.first { $0.name == "withOutlier" }).samples
        #expect(OutlierDetector().outlierIndices(in: samples) == [9])
    }

    @Test(
        "Nothing is flagged when the MAD is zero or the sample is tiny",
        arguments: [
            [10.0, 10, 10, 10, 500], [1.0, 1000], [5.0],
        ])
    func noOutliers(samples: [Double]) {
        #expect(OutlierDetector().outlierIndices(in: samples).isEmpty)
    }

    @Test("Spread over 5 % of the median is too wide")
    func wideSpread() {
        let stats = SampleStatistics(samples: [100, 80, 120, 90, 110, 70, 130])
        let spread = SpreadAssessment(statistics: stats, medianInterval: nil)
        #expect(spread.isTooWide)
        #expect(spread.message?.hasPrefix("The spread is too wide to trust") == true)
    }

    @Test("A tight run is trusted; a zero median is never flagged")
    func tightSpread() {
        let tight = SampleStatistics(samples: [100, 101, 99, 100, 102, 98])
        let interval = ConfidenceInterval(lower: 99, upper: 101, level: 0.95)
        #expect(!SpreadAssessment(statistics: tight, medianInterval: interval).isTooWide)
        let zero = SampleStatistics(samples: [0, 0, 0, 3])
        #expect(!SpreadAssessment(statistics: zero, medianInterval: nil).isTooWide)
    }

    @Test("A wide median interval alone makes the spread too wide")
    func wideInterval() {
        let stats = SampleStatistics(samples: [100, 100, 100, 100, 101])
        let interval = ConfidenceInterval(lower: 80, upper: 120, level: 0.95)
        let spread = SpreadAssessment(statistics: stats, medianInterval: interval)
        #expect(spread.isTooWide)
        #expect(spread.relativeIntervalHalfWidth == 0.2)
    }
}
