import Foundation
import LaunchTool
import LaunchTrace
import Testing

/// The sequential test's error rates by simulation: seeded synthetic launch times (log-normal
/// noise of 5 %, and a drift both builds share), looked at after every block as `compare` does.
@Suite("SequentialComparison")
struct SequentialComparisonTests {
    /// One simulated comparison: blocks until decided or `maxBlocks`.
    /// With `interference`, a quarter of the launches are also slowed by an exponential delay
    /// of mean 6 % and one in fifty by 90 %, as bursts of load on a shared machine do.
    static func simulate(
        effect: Double, seed: UInt64, noise: Double = 0.05, interference: Bool = false, maxBlocks: Int = 30
    ) -> SequentialComparison {
        var generator = SplitMix64(seed: seed)
        var test = SequentialComparison(metrics: [.timeToFirstFrame], settings: ComparisonSettings())
        for block in 0..<maxBlocks where !test.isDecided {
            let drift = 1 + 0.2 * sin(Double(block) / 5)
            func launch(_ factor: Double) -> [MetricName: Double] {
                var value = 100e6 * drift * factor * exp(noise * gaussian(&generator))
                if interference, uniform(&generator) < 0.25 { value *= 1 - 0.06 * log(1 - uniform(&generator)) }
                if interference, uniform(&generator) < 0.02 { value *= 1.9 }
                return [.timeToFirstFrame: value]
            }
            test.add(base: [launch(1), launch(1)], head: [launch(1 + effect), launch(1 + effect)])
        }
        return test
    }

    /// A standard normal deviate (Box–Muller).
    static func gaussian(_ generator: inout SplitMix64) -> Double {
        let u1 = (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let u2 = Double(generator.next() >> 11) / 9_007_199_254_740_992
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// A uniform deviate in [0, 1).
    static func uniform(_ generator: inout SplitMix64) -> Double {
        Double(generator.next() >> 11) / 9_007_199_254_740_992
    }

    static func decisions(effect: Double, repetitions: Int, noise: Double = 0.05, interference: Bool = false)
        -> [SequentialComparison]
    {
        (0..<repetitions).map {
            simulate(effect: effect, seed: 0x15_0000 + UInt64($0) * 7919, noise: noise, interference: interference)
        }
    }

    @Test(
        "with bursts of interference on 0.3 % noise: identical builds regressed in at most 5 %, +5 % regressed in at least 90 %"
    )
    func interference() {
        let identical = Self.decisions(effect: 0, repetitions: 400, noise: 0.003, interference: true)
        #expect(Double(identical.filter { $0.decision == .regressed }.count) / 400 <= 0.05)
        #expect(Double(identical.filter { $0.decision == .same }.count) / 400 >= 0.8)
        let slower = Self.decisions(effect: 0.05, repetitions: 200, noise: 0.003, interference: true)
        #expect(Double(slower.filter { $0.decision == .regressed }.count) / 200 >= 0.9)
    }

    @Test("identical builds decide same or inconclusive, and regressed in at most 5 % of 400 repetitions")
    func identicalBuilds() {
        let runs = Self.decisions(effect: 0, repetitions: 400)
        let regressed = runs.filter { $0.decision == .regressed }.count
        let improved = runs.filter { $0.decision == .improved }.count
        #expect(Double(regressed) / 400 <= 0.05)
        #expect(Double(regressed + improved) / 400 <= 0.05)
    }

    @Test("head 5 % slower: regressed, with an effect interval that covers 5 %, in at least 90 % of 200 repetitions")
    func fivePercentSlower() throws {
        let runs = Self.decisions(effect: 0.05, repetitions: 200)
        let regressed = runs.filter { $0.decision == .regressed }
        #expect(Double(regressed.count) / 200 >= 0.9)
        let covering = try regressed.filter { try #require($0.metrics[0].effectInterval).straddles(0.05) }
        #expect(Double(covering.count) / Double(regressed.count) >= 0.95)
        #expect(runs.allSatisfy { $0.decision != .improved })
    }

    @Test("head 5 % faster: improved in at least 90 % of 200 repetitions")
    func fivePercentFaster() {
        let runs = Self.decisions(effect: -0.05, repetitions: 200)
        #expect(Double(runs.filter { $0.decision == .improved }.count) / 200 >= 0.9)
        #expect(runs.allSatisfy { $0.decision != .regressed })
    }

    @Test("little noise and no effect decides same; a decision stands and the effect is a ratio")
    func sameWithLittleNoise() throws {
        let test = Self.simulate(effect: 0, seed: 7, noise: 0.005)
        #expect(test.decision == .same)
        #expect(test.metrics[0].blocks == ComparisonSettings().minBlocks)
        let interval = try #require(test.metrics[0].effectInterval)
        #expect(interval.lower > -0.02 && interval.upper < 0.02)
    }

    @Test("the boundary is widest early and shrinks; the small-sample factor tends to 1")
    func boundaryShape() {
        let early = ConfidenceSequence.boundary(count: 4, alpha: 0.05, plannedCount: 15)
        let late = ConfidenceSequence.boundary(count: 100, alpha: 0.05, plannedCount: 15)
        #expect(early > late)
        #expect(late * 10 > NormalDistribution.quantile(0.975))
        #expect(ConfidenceSequence.smallSampleFactor(count: 4, alpha: 0.05) > 1.3)
        #expect(abs(ConfidenceSequence.smallSampleFactor(count: 1000, alpha: 0.05) - 1) < 0.01)
    }

    @Test("a decision rule: same inside the margin, regressed above zero and reaching it, else inconclusive")
    func decisionRule() {
        let margin = log(1.02)
        #expect(
            ComparisonDecision.decide(ConfidenceInterval(lower: -0.01, upper: 0.01, level: 0.95), margin: margin)
                == .same)
        #expect(
            ComparisonDecision.decide(ConfidenceInterval(lower: 0.01, upper: 0.08, level: 0.95), margin: margin)
                == .regressed)
        #expect(
            ComparisonDecision.decide(ConfidenceInterval(lower: -0.08, upper: -0.01, level: 0.95), margin: margin)
                == .improved)
        #expect(
            ComparisonDecision.decide(ConfidenceInterval(lower: -0.01, upper: 0.08, level: 0.95), margin: margin)
                == .inconclusive)
    }
}
