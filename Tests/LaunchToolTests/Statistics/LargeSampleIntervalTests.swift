import Testing

@testable import LaunchTool

@Suite("Large-sample intervals")
struct LargeSampleIntervalTests {
    @Test(
        "the normal quantile matches scipy.stats.norm.ppf",
        arguments: [
            (0.975, 1.959963984540054), (0.95, 1.6448536269514722), (0.001, -3.090232306167813), (0.5, 0.0),
            (0.9999, 3.7190164854556804),
        ])
    func normalQuantile(p: Double, expected: Double) {
        #expect(abs(NormalDistribution.quantile(p) - expected) < 1e-9)
    }

    @Test("the median's order-statistic interval of 1..1000 has the binomial ranks")
    func medianRanks() throws {
        let sorted = (1...1000).map(Double.init)
        let interval = try #require(LargeSampleInterval.interval(for: .median, sorted: sorted, confidence: 0.95))
        // n·q = 500, z·√(n·q·(1−q)) = 1.96 × 15.81 = 30.99: ranks 469 and 532.
        #expect(interval.lower == 469)
        #expect(interval.upper == 532)
        #expect(interval.level == 0.95)
    }

    @Test("the mean's interval is mean ± z·s/√n")
    func meanInterval() throws {
        let sorted = (1...1000).map(Double.init)
        let interval = try #require(LargeSampleInterval.interval(for: .mean, sorted: sorted, confidence: 0.95))
        let half = 1.959963984540054 * 288.8194360957494 / 1000.0.squareRoot()
        #expect(abs(interval.lower - (500.5 - half)) < 1e-9)
        #expect(abs(interval.upper - (500.5 + half)) < 1e-9)
    }

    @Test("large samples use it for quantiles and keep the bootstrap for min and max; small samples resample")
    func bootstrapDelegates() {
        let large = (0..<500).map { Double(($0 * 7919) % 500) }
        let intervals = Bootstrap().confidenceIntervals(for: [.median, .p90, .max], of: large)
        #expect(
            intervals[.median] == LargeSampleInterval.interval(for: .median, sorted: large.sorted(), confidence: 0.95))
        #expect(intervals[.p90] == LargeSampleInterval.interval(for: .p90, sorted: large.sorted(), confidence: 0.95))
        #expect(intervals[.max] != nil)
        let small = Array(large.prefix(20))
        #expect(
            Bootstrap().confidenceIntervals(for: [.median], of: small)[.median]
                != LargeSampleInterval.interval(for: .median, sorted: small.sorted(), confidence: 0.95))
    }
}
