import Testing

@testable import LaunchTool

@Suite("Descriptive statistics against numpy/scipy")
struct DescriptiveTests {
    static let names = ["small", "single", "pair", "ties", "launchTimes", "withOutlier"]

    @Test("Every statistic matches the fixture", arguments: names)
    func matchesFixture(name: String) throws {
        let fixtures = try StatsFixtures.load()
        let expected = try #require(fixtures.descriptive.first { $0.name == name })
        let stats = SampleStatistics(samples: expected.samples)
        #expect(stats.n == expected.n)
        #expect(isClose(stats.min, expected.min))
        #expect(isClose(stats.max, expected.max))
        #expect(isClose(stats.mean, expected.mean))
        #expect(isClose(stats.median, expected.median))
        #expect(isClose(stats.p90, expected.p90))
        #expect(isClose(stats.p95, expected.p95))
        #expect(isClose(stats.p99, expected.p99))
        #expect(isClose(stats.mad, expected.mad))
        #expect(isClose(stats.scaledMAD, expected.scaledMAD))
        switch (stats.standardDeviation, expected.standardDeviation) {
        case (let actual?, let reference?): #expect(isClose(actual, reference))
        case (nil, nil): break
        default:
            Issue.record(
                "standard deviation \(String(describing: stats.standardDeviation)) != \(String(describing: expected.standardDeviation))"
            )
        }
    }

    @Test("Percentiles use numpy's linear interpolation", arguments: names)
    func percentiles(name: String) throws {
        let fixtures = try StatsFixtures.load()
        let expected = try #require(fixtures.descriptive.first { $0.name == name })
        let sorted = expected.samples.sorted()
        #expect(expected.percentiles.count == 12)
        for (q, value) in expected.percentiles {
            let actual = Descriptive.percentile(sorted: sorted, try #require(Double(q)))
            #expect(isClose(actual, value), "p\(q) of \(name): \(actual) != \(value)")
        }
    }

    @Test("Closed forms: 1...n")
    func closedForms() {
        let samples = (1...101).map(Double.init)
        let stats = SampleStatistics(samples: samples.shuffled())
        #expect(stats.median == 51)
        #expect(stats.mean == 51)
        #expect(stats.p90 == 91)
        #expect(stats.p99 == 100)
        // Variance of 1...n is n(n+1)/12.
        #expect(isClose(stats.standardDeviation!, (101.0 * 102 / 12).squareRoot()))
        // |x - 51| for 1...101 is 0, 1, 1, 2, 2, …, 50, 50: its median is 25.
        #expect(stats.mad == 25)
        #expect(isClose(stats.scaledMAD, 25 * 1.482602218505602))
    }

    @Test("Statistic.compute and Statistic.value agree", arguments: Statistic.allCases)
    func statisticAccessors(statistic: Statistic) {
        let samples: [Double] = [9, 1, 4, 7, 3, 8, 2]
        let stats = SampleStatistics(samples: samples)
        #expect(statistic.compute(sorted: samples.sorted()) == statistic.value(in: stats))
    }
}
