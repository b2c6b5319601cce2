import Testing

@testable import LaunchTool

@Suite("Mann-Whitney U, Hodges-Lehmann, bootstrap")
struct InferenceTests {
    @Test("Mann-Whitney U and p match scipy", arguments: ["shifted", "same", "ties", "disjoint", "unequal"])
    func mannWhitney(name: String) throws {
        let fixture = try #require(try StatsFixtures.load().mannWhitney.first { $0.name == name })
        let test = MannWhitneyU(x: fixture.x, y: fixture.y)
        #expect(test.u == fixture.u)
        #expect(isClose(test.pValue, fixture.p, relative: 1e-9), "p \(test.pValue) != \(fixture.p)")
    }

    @Test(
        "Hodges-Lehmann shift matches the median of pairwise differences",
        arguments: ["shifted", "same", "ties", "disjoint", "unequal"])
    func hodgesLehmann(name: String) throws {
        let fixture = try #require(try StatsFixtures.load().mannWhitney.first { $0.name == name })
        #expect(isClose(HodgesLehmann.shift(from: fixture.x, to: fixture.y), fixture.hodgesLehmannShift))
    }

    @Test("All samples tied gives p = 1")
    func allTied() {
        let test = MannWhitneyU(x: [5, 5, 5], y: [5, 5])
        #expect(test.pValue == 1)
        #expect(test.u == 3)
    }

    @Test("Swapping the samples keeps p and complements U")
    func symmetry() {
        let x: [Double] = [1, 4, 2, 8, 5]
        let y: [Double] = [7, 3, 9, 6, 10, 11]
        let forward = MannWhitneyU(x: x, y: y)
        let backward = MannWhitneyU(x: y, y: x)
        #expect(isClose(forward.pValue, backward.pValue))
        #expect(forward.u + backward.u == Double(x.count * y.count))
    }

    @Test("SplitMix64 matches the reference sequence")
    func splitMix() throws {
        let fixture = try StatsFixtures.load().splitMix64
        var rng = SplitMix64(seed: fixture.seed)
        let values = (0..<fixture.first.count).map { _ in String(rng.next()) }
        #expect(values == fixture.first)
    }

    @Test("Bootstrap intervals match the fixture draw for draw", arguments: 0..<12)
    func bootstrapMatches(index: Int) throws {
        let fixtures = try StatsFixtures.load()
        let fixture = fixtures.bootstrap[index]
        let samples = try #require(fixtures.descriptive.first { $0.name == fixture.samples }).samples
        let statistic = try #require(Statistic(rawValue: fixture.statistic))
        let bootstrap = Bootstrap(resamples: fixture.resamples, confidence: fixture.confidence, seed: fixture.seed)
        let interval = bootstrap.confidenceInterval(for: statistic, of: samples)
        #expect(isClose(interval.lower, fixture.lower, relative: 1e-9), "\(fixture.samples) \(fixture.statistic) lower")
        #expect(isClose(interval.upper, fixture.upper, relative: 1e-9), "\(fixture.samples) \(fixture.statistic) upper")
    }

    @Test("Bootstrap is reproducible, brackets the statistic and depends on the seed")
    func bootstrapProperties() throws {
        let samples = try #require(try StatsFixtures.load().descriptive.first { $0.name == "launchTimes" }).samples
        let a = Bootstrap().confidenceInterval(for: .median, of: samples)
        let b = Bootstrap().confidenceInterval(for: .median, of: samples)
        #expect(a == b)
        let median = Descriptive.median(samples)
        #expect(a.lower <= median && median <= a.upper)
        #expect(a.lower < a.upper)
        let other = Bootstrap(seed: 99).confidenceInterval(for: .mean, of: samples)
        let same = Bootstrap().confidenceInterval(for: .mean, of: samples)
        #expect(other != same)
    }

    @Test("A constant sample has a zero-width interval")
    func constantSample() {
        let interval = Bootstrap(resamples: 100).confidenceInterval(for: .p95, of: [7, 7, 7, 7])
        #expect(interval == ConfidenceInterval(lower: 7, upper: 7, level: 0.95))
        #expect(!interval.straddles(7))
    }

    @Test("Custom statistics can be bootstrapped")
    func customStatistic() {
        let interval = Bootstrap(resamples: 200).confidenceInterval(of: [1, 2, 3, 4, 5]) { $0.last! - $0.first! }
        #expect(interval.lower >= 0 && interval.upper <= 4)
    }
}
