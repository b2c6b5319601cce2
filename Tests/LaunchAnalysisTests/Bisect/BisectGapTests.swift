import Foundation
import LaunchAnalysis
import LaunchTrace
import Testing

/// A bisect step's verdict on simulated blocks (seeded, no timing): the ends measured first with
/// compare's sequential test, their gap the scale, then a candidate placed on it, looked at after
/// every block. Each test fails when the steps decide wrongly more often than their error rate.
@Suite("Bisect gap")
struct BisectGapTests {
    typealias Simulation = SequentialComparisonTests

    /// Launch times of one build: log-normal noise of `noise`, and with `busy` the delays of a
    /// machine with a core kept busy (two launches in five slowed by an exponential delay of mean
    /// 25 %, one in twenty-five doubled).
    static func launch(_ time: Double, _ generator: inout SplitMix64, noise: Double, busy: Bool) -> Double {
        var value = time * exp(noise * Simulation.gaussian(&generator))
        if busy, Simulation.uniform(&generator) < 0.4 { value *= 1 - 0.25 * log(1 - Simulation.uniform(&generator)) }
        if busy, Simulation.uniform(&generator) < 0.04 { value *= 2 }
        return value
    }

    /// One comparison of `base` against `head` (times), block after block until `decided` or 30 blocks.
    static func compare(
        base: Double, head: Double, alpha: Double, _ generator: inout SplitMix64, noise: Double, busy: Bool,
        decided: (MetricComparison) -> Bool
    ) -> MetricComparison {
        var comparison = MetricComparison(metric: .timeToReady, alpha: alpha, settings: ComparisonSettings())
        for _ in 0..<30 where !decided(comparison) {
            let values = (0..<4).map { index in
                launch(index == 1 || index == 2 ? head : base, &generator, noise: noise, busy: busy)
            }
            comparison.add(base: [values[0], values[3]], head: [values[1], values[2]])
        }
        return comparison
    }

    /// A bisect step of a candidate `fraction` of the way from the good time (1) to the bad one
    /// (1 + `gap`): the ends measured first, as `launchprof bisect` does (decided, and when
    /// regressed on until the gap is known to `gapPrecision` of itself, or 30 blocks), their gap
    /// the scale; nil when the ends did not regress.
    static func step(
        fraction: Double, gap: Double, seed: UInt64, alpha: Double = 0.05, noise: Double = 0.08, busy: Bool = true,
        gapPrecision: Double = 0.2
    ) -> BisectVerdict? {
        var generator = SplitMix64(seed: seed)
        let ends = compare(base: 1, head: 1 + gap, alpha: alpha, &generator, noise: noise, busy: busy) {
            $0.decision.isDecided && ($0.decision != .regressed || $0.effectIsKnown(within: gapPrecision))
        }
        guard let scale = BisectGap.gaps(of: [ends]).first else { return nil }
        let candidate = compare(base: 1, head: 1 + fraction * gap, alpha: alpha, &generator, noise: noise, busy: busy) {
            scale.verdict(of: $0, minBlocks: 4) != .undecided
        }
        return scale.verdict(of: candidate, minBlocks: 4)
    }

    /// The verdicts of 400 steps of a candidate at `fraction` of a `gap`.
    static func verdicts(
        fraction: Double, gap: Double, busy: Bool = true, gapPrecision: Double = 0.2
    ) -> [BisectVerdict?] {
        (0..<400).map {
            step(
                fraction: fraction, gap: gap, seed: 0x34_0000 + UInt64($0) * 7919, busy: busy,
                gapPrecision: gapPrecision)
        }
    }

    /// The share of `verdicts` in `wrong`.
    static func rate(_ verdicts: [BisectVerdict?], _ wrong: Set<BisectVerdict>) -> Double {
        Double(verdicts.filter { $0.map(wrong.contains) ?? false }.count) / Double(verdicts.count)
    }

    @Test(
        "a gap of 30 % on noisy launches with a core kept busy: a commit like the good one is called bad or between in at most 5 % of 400 steps"
    )
    func likeGood() {
        let verdicts = Self.verdicts(fraction: 0, gap: 0.3)
        #expect(Self.rate(verdicts, [.bad, .between]) <= 0.05)
        #expect(Self.rate(verdicts, [.good]) >= 0.9)
    }

    @Test("a commit like the bad one is called good or between in at most 5 % of 400 steps")
    func likeBad() {
        let verdicts = Self.verdicts(fraction: 1, gap: 0.3)
        #expect(Self.rate(verdicts, [.good, .between]) <= 0.05)
        #expect(Self.rate(verdicts, [.bad]) >= 0.75)
    }

    @Test("1 ms against 11 ms: a commit adding half the gap is called good or bad in at most 5 % of 400 steps")
    func halfway() {
        let verdicts = Self.verdicts(fraction: 0.5, gap: 10)
        #expect(Self.rate(verdicts, [.good, .bad]) <= 0.05)
        #expect(Self.rate(verdicts, [.between]) >= 0.6)
    }

    @Test(
        "a gap of 30 %: the ends known to a fifth of their gap place a commit exactly half-way good or bad less often than a first crossing does"
    )
    func halfwayOfSmallGap() {
        let precise = Self.verdicts(fraction: 0.5, gap: 0.3)
        let firstCrossing = Self.verdicts(fraction: 0.5, gap: 0.3, gapPrecision: .infinity)
        let wrong: Set<BisectVerdict> = [.good, .bad]
        // Seeded: 6.5 % of 400 steps against 13 % when the ends stop at their first crossing.
        #expect(Self.rate(precise, wrong) <= 0.07, "\(Self.rate(precise, wrong))")
        #expect(Self.rate(precise, wrong) < Self.rate(firstCrossing, wrong))
    }

    @Test("a 1 ms program against one 20 ms slower: every step decided within eight blocks, whichever end")
    func largeGapDecidesAtOnce() {
        var generator = SplitMix64(seed: 34)
        let ends = Self.compare(base: 2, head: 22, alpha: 0.0125, &generator, noise: 0.1, busy: true) {
            $0.decision.isDecided
        }
        let gap = try? #require(BisectGap.gaps(of: [ends]).first)
        for (time, expected) in [(2.0, BisectVerdict.good), (22, .bad), (12, .between)] {
            let candidate = Self.compare(base: 2, head: time, alpha: 0.0125, &generator, noise: 0.1, busy: true) {
                gap?.verdict(of: $0, minBlocks: 4) != .undecided
            }
            #expect(gap?.verdict(of: candidate, minBlocks: 4) == expected, "\(time) ms")
            #expect(candidate.blocks <= 8, "\(time) ms took \(candidate.blocks) blocks")
        }
    }

    @Test("the verdict rule: between in the middle half, good below half the gap, bad above, else undecided")
    func rule() {
        let gap = BisectGap(metric: .timeToReady, logRatio: log(11))
        #expect(gap.fraction(0) == 0)
        #expect(abs(gap.fraction(log(6)) - 0.5) < 1e-12)
        #expect(abs(gap.fraction(log(11)) - 1) < 1e-12)
    }
}
