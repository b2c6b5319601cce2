import Foundation
import LaunchTool
import LaunchTrace
import Testing

/// A bisect step's verdict on simulated blocks (seeded, no timing): each block launches the good
/// commit, the candidate and the bad commit twice each, the candidate placed between the ends of
/// that block, looked at after every block. Each test fails when the steps decide wrongly more
/// often than their error rate.
@Suite("Bisect placement")
struct BisectPlacementTests {
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

    /// A step: blocks of the three builds (times `good`, `candidate`, `bad`) until the placement
    /// decides or 30 blocks.
    static func step(
        good: Double, candidate: Double, bad: Double, _ generator: inout SplitMix64, alpha: Double = 0.05,
        noise: Double = 0.08, busy: Bool = true
    ) -> BisectPlacement {
        var placement = BisectPlacement(metric: .timeToReady, alpha: alpha, plannedBlocks: 15)
        for _ in 0..<30 where placement.verdict(minBlocks: 4) == .undecided {
            var pairs: [[Double]] = []
            for time in [good, candidate, bad] {
                pairs.append((0..<2).map { _ in launch(time, &generator, noise: noise, busy: busy) })
            }
            placement.add(good: pairs[0], candidate: pairs[1], bad: pairs[2])
        }
        return placement
    }

    /// The verdicts of 400 steps of a candidate at `fraction` of the way from 1 to 1 + `gap`.
    static func verdicts(fraction: Double, gap: Double) -> [BisectVerdict] {
        (0..<400).map { index in
            var generator = SplitMix64(seed: 0x34_0000 + UInt64(index) * 7919)
            return step(good: 1, candidate: 1 + fraction * gap, bad: 1 + gap, &generator).verdict(minBlocks: 4)
        }
    }

    /// The share of `verdicts` in `wrong`.
    static func rate(_ verdicts: [BisectVerdict], _ wrong: Set<BisectVerdict>) -> Double {
        Double(verdicts.filter(wrong.contains).count) / Double(verdicts.count)
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

    @Test("a gap of 30 %: a commit exactly half-way is called good or bad in at most 5 % of 400 steps")
    func halfwayOfSmallGap() {
        let verdicts = Self.verdicts(fraction: 0.5, gap: 0.3)
        #expect(Self.rate(verdicts, [.good, .bad]) <= 0.05, "\(Self.rate(verdicts, [.good, .bad]))")
    }

    @Test(
        "a sleep of 20 ms added to a 2 ms program, the machine twice as slow during the step as during the ends: the bad commit's copy is still bad, half the sleep between"
    )
    func machineSlowerThanAtTheEnds() {
        // A gap read from the ends alone (22 against 2 ms: 10 times) would place a copy of the bad
        // commit, 24 against 4 ms during the step (5 times), at half of it.
        var bad = 0
        var between = 0
        for index in 0..<100 {
            var generator = SplitMix64(seed: 0x35_0000 + UInt64(index) * 7919)
            let copy = Self.step(good: 4, candidate: 24, bad: 24, &generator, alpha: 0.0125, noise: 0.1)
            let half = Self.step(good: 4, candidate: 14, bad: 24, &generator, alpha: 0.0125, noise: 0.1)
            bad += copy.verdict(minBlocks: 4) == .bad ? 1 : 0
            between += half.verdict(minBlocks: 4) == .between ? 1 : 0
        }
        #expect(bad >= 98 && between >= 90, "bad \(bad), between \(between) of 100")
    }

    @Test("a 1 ms program against one 20 ms slower: every step decided within eight blocks, whichever end")
    func largeGapDecidesAtOnce() {
        var generator = SplitMix64(seed: 34)
        for (time, expected) in [(2.0, BisectVerdict.good), (22, .bad), (12, .between)] {
            let step = Self.step(good: 2, candidate: time, bad: 22, &generator, alpha: 0.0125, noise: 0.1)
            #expect(step.verdict(minBlocks: 4) == expected, "\(time) ms")
            #expect(step.blocks.count <= 8, "\(time) ms took \(step.blocks.count) blocks")
        }
    }

    @Test("exact blocks: the fraction in time, its interval around it, the gap of the blocks")
    func fraction() throws {
        var placement = BisectPlacement(metric: .timeToReady, alpha: 0.05, plannedBlocks: 15)
        for (jitter, candidate) in [(0.0, 0.1), (0.1, -0.1), (-0.1, 0.0), (0.05, 0.05), (-0.05, -0.05)] {
            placement.add(good: [1 + jitter, 2], candidate: [6 + candidate, 7], bad: [11 + jitter, 12])
        }
        let fraction = try #require(placement.fraction)
        let interval = try #require(placement.fractionInterval)
        #expect(abs(fraction - 0.5) < 0.01, "\(fraction)")
        #expect(
            interval.lower < fraction && fraction < interval.upper && interval.upper - interval.lower < 0.1,
            "\(interval)")
        #expect(abs(placement.gapEffect - 10) < 0.2)
        #expect(placement.verdict(minBlocks: 4) == .between)
        #expect(placement.verdict(minBlocks: 6) == .undecided)
        // A block missing a value is skipped, as compare's are.
        placement.add(good: [1], candidate: [6, 7], bad: [11, 12])
        #expect(placement.blocks.count == 5)
    }
}
