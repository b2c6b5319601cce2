import Foundation
import LaunchHistory
import LaunchTool
import LaunchTrace
import Testing

@Suite("Change points (E-divisive means with a t-test)")
struct ChangePointTests {
    /// Found at 200, 198, 195, 201, 199, 201, 199, 200, 200 and 202 for seeds 1 to 10. Seed 3's
    /// 195 is where the least-squares step fit of the whole series is best: its noise, not the
    /// detector, puts the step there.
    @Test(
        "a +5 % step at night 200 of 365 with 3 % noise is found once, within five nights",
        arguments: Array(1...10) as [UInt64])
    func findsStep(seed: UInt64) {
        var generator = SyntheticSeries(seed: seed)
        let series = generator.nights(365, steps: [(200, 1.05)])
        let points = ChangePointDetector().changePoints(in: series)
        #expect(points.count == 1, "found \(points.map(\.index))")
        #expect(points.contains { abs($0.index - 200) <= 5 }, "found \(points.map(\.index))")
        #expect(points.allSatisfy { $0.comparison.pValue < ChangePointOptions.defaultMaxPValue })
    }

    /// 77 of 100: as many as the best least-squares step fit of each whole series places within
    /// one night (`Benchmarks/scripts/step_location_bound.py`); a step of 5/3 noise deviations
    /// cannot be located better. Without the refinement 68; with it but with unadjusted p-values
    /// 70 (pairs of points around noise blips cut the step's neighbourhood short).
    @Test("a +5 % step at night 200 of 365 with 3 % noise is located within one night for at least 77 of 100 seeds")
    func stepLocationRate() {
        let located = (1...100 as ClosedRange<UInt64>).filter { seed in
            var generator = SyntheticSeries(seed: seed)
            let points = ChangePointDetector().changePoints(in: generator.nights(365, steps: [(200, 1.05)]))
            return points.count == 1 && abs(points[0].index - 200) <= 1
        }
        #expect(located.count >= 77, "within one night for \(located.count) of 100 seeds")
    }

    /// Before the p-values were adjusted for choosing the split, 5 of these 100 seeds raised points.
    @Test(
        "365 nights of pure noise raise no change point at the default p-value", arguments: Array(1...100) as [UInt64])
    func noiseOnly(seed: UInt64) {
        var generator = SyntheticSeries(seed: 100 + seed)
        let points = ChangePointDetector().changePoints(in: generator.nights(365))
        #expect(points.isEmpty, "found \(points.map(\.index))")
    }

    /// Both within three nights for 19 of seeds 1 to 20 (one at 158/218).
    @Test("a recovered regression reports both steps", arguments: Array(1...20) as [UInt64])
    func recoveredRegression(seed: UInt64) {
        var generator = SyntheticSeries(seed: 200 + seed)
        let series = generator.nights(365, steps: [(150, 1.05), (220, 1 / 1.05)])
        let indices = ChangePointDetector().changePoints(in: series).map(\.index)
        #expect(indices.count == 2, "found \(indices)")
        #expect(indices.contains { abs($0 - 150) <= 8 } && indices.contains { abs($0 - 220) <= 8 }, "found \(indices)")
    }

    @Test("the minimum effect drops smaller significant changes")
    func minimumEffect() {
        var generator = SyntheticSeries(seed: 7)
        let series = generator.nights(365, steps: [(200, 1.05)])
        #expect(ChangePointDetector(options: ChangePointOptions(minEffect: 0.10)).changePoints(in: series).isEmpty)
    }

    @Test("short and flat series have no change point")
    func degenerate() {
        let detector = ChangePointDetector()
        #expect(detector.changePoints(in: []).isEmpty)
        #expect(detector.changePoints(in: [1]).isEmpty)
        #expect(detector.changePoints(in: Array(repeating: 5, count: 100)).isEmpty)
    }

    @Test("a trend reports the commit range, medians before and after, the effect and the p-value")
    func trendChange() throws {
        var generator = SyntheticSeries(seed: 3)
        let medians = generator.nights(120, steps: [(60, 1.10)])
        let runs = medians.enumerated().map { night, median in
            HistoryRun(
                key: "run-\(night)", recordedAt: String(format: "2026-01-01T00:00:%02d.000Z", night % 60),
                app: "SampleApp",
                revision: SourceRevision(commit: "c\(night)", branch: "main"),
                machine: MachineFingerprint(machineClass: "m", hostname: "h", kernel: "k"), scenario: "warm",
                launches: 1,
                metrics: [HistoryMetric(scenario: "warm", metric: "launch.total", values: [median])]
            )
        }
        let changes = TrendAnalysis().changes(in: runs)
        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(abs(change.index - 60) <= 1)
        #expect(change.commitBefore == "c\(change.index - 1)" && change.commitAfter == "c\(change.index)")
        #expect(abs(change.effect - 0.10) < 0.03)
        #expect(change.medianAfter > change.medianBefore)
    }

    @Test("a change of time to first frame lists the parts that moved with it, and no others")
    func partsThatMovedWith() {
        // Twenty nights; from night 10 on, binaryLoad takes 10 ms more and so does the first frame.
        func series(_ metric: String, nights: Range<Int> = 0..<20, _ value: (Int) -> Double) -> MetricSeries {
            let points = nights.map { night in
                let median = value(night) + Double(night % 3) * 0.1e6
                return SeriesPoint(
                    recordedAt: "2026-11-\(String(format: "%02d", night + 1))T02:00:00Z", runKey: "run\(night)",
                    commit: "c\(night)", median: median, p10: median, p90: median, count: 20)
            }
            return MetricSeries(
                key: SeriesKey(app: "SampleApp", scenario: "warm", machineClass: "vm", metric: metric), points: points)
        }
        let all = [
            series("timeToFirstFrame") { $0 < 10 ? 140e6 : 150e6 },
            series("binaryLoad") { $0 < 10 ? 12e6 : 22e6 },
            series("didFinishLaunching") { _ in 120e6 },
            // The findings' costs the history keeps: one grew, one is new from night 10, one stayed.
            series("function:cpu:binaryLoad:Catalog.init(data:)") { $0 < 10 ? 2e6 : 11e6 },
            series("function:cpu:binaryLoad:Cache.prime()", nights: 10..<20) { _ in 1e6 },
            series("function:cpu:didFinishLaunching:Layout.solve()") { _ in 5e6 },
        ]
        let changes = TrendAnalysis().changes(in: all)
        #expect(
            !changes.contains { $0.series.metric.hasPrefix("function:") }, "a function is never a change of its own")
        let first = changes.first { $0.series.metric == "timeToFirstFrame" }
        #expect(first?.index == 10)
        let moved = first?.movedWith ?? []
        #expect(moved.count == 3, "\(moved)")
        #expect(moved.first?.hasPrefix("binaryLoad +") == true, "\(moved)")
        #expect(moved.dropFirst().first?.hasPrefix("function:cpu:binaryLoad:Catalog.init(data:) +") == true, "\(moved)")
        // Its median over the nights it was seen (1.0 to 1.2 ms with the series' noise).
        #expect(moved.last == "function:cpu:binaryLoad:Cache.prime() new, 1.1 ms", "\(moved)")
        #expect(changes.first { $0.series.metric == "binaryLoad" }?.movedWith == [])
        // The command that finds the commit of the change in its range, ready to paste.
        #expect(
            first?.bisectCommand()
                == "launchprof bisect --good c9 --bad c10 --build 'swift build -c release' --metric timeToFirstFrame -- .build/release/SampleApp"
        )
        #expect(
            first?.bisectCommand(build: "make app", program: "./app")
                == "launchprof bisect --good c9 --bad c10 --build 'make app' --metric timeToFirstFrame -- ./app")
    }

    @Test("a change of time to ready names the breakdown reason that moved with it: a busier machine, not the program")
    func reasonThatMovedWith() {
        func series(_ metric: String, _ value: (Int) -> Double) -> MetricSeries {
            let points = (0..<20).map { night in
                let median = value(night) + Double(night % 3) * 0.1e6
                return SeriesPoint(
                    recordedAt: "2026-11-\(String(format: "%02d", night + 1))T02:00:00Z", runKey: "run\(night)",
                    commit: "c\(night)", median: median, p10: median, p90: median, count: 20)
            }
            return MetricSeries(
                key: SeriesKey(app: "git", scenario: "warm", machineClass: "vm", metric: metric), points: points)
        }
        // From night 10 the runner is busier: the launch waits 110 ms more for a CPU; its code is unchanged.
        let all = [
            series("timeToReady") { $0 < 10 ? 100e6 : 210e6 },
            series(MetricName.reason(.waitingForCPU).rawValue) { $0 < 10 ? 5e6 : 115e6 },
            series(MetricName.reason(.programCode).rawValue) { _ in 90e6 },
            series(MetricName.reasonShare(.waitingForCPU).rawValue) { $0 < 10 ? 0.05 : 0.52 },
        ]
        let changes = TrendAnalysis().changes(in: all)
        #expect(!changes.contains { $0.series.metric.hasPrefix("reason:") }, "a reason is never a change of its own")
        let moved = changes.first { $0.series.metric == "timeToReady" }?.movedWith ?? []
        #expect(
            moved == ["reason:waiting for a CPU +110.0 ms: the machine was busier, not a change of the program"],
            "\(moved)")
    }

    @Test("a run records each reason of its breakdowns once, per launch, and no reason its launches never had")
    func reasonsRecordedOnce() throws {
        let ms: Int64 = 1_000_000
        var summary = RunSummary(
            run: RunInfo(appPath: "/usr/bin/git", scenario: .warm, runs: 3, warmup: 0, date: "2026-11-01"),
            launches: [],
            scenarios: ["warm": ScenarioSummary(scenario: "warm", completedLaunches: 3, metrics: [:])])
        var findings = RunFindings(findings: [], analyzedLaunches: ["warm": 3])
        findings.breakdowns = (1...3).map { run in
            LaunchBreakdown(
                runIndex: run, totalNs: (50 + Int64(run)) * ms,
                intervals: [
                    BreakdownInterval(startNs: 0, endNs: 40 * ms, reason: .programCode),
                    BreakdownInterval(startNs: 40 * ms, endNs: (50 + Int64(run)) * ms, reason: .waitingForCPU),
                ])
        }
        summary.findings = findings
        summary.addReasonMetrics()
        let run = HistoryRun(summary: summary, evaluation: nil, revision: SourceRevision())
        let names = run.metrics.map(\.metric).filter { $0.hasPrefix(MetricName.reasonPrefix) }
        #expect(
            names.sorted()
                == [
                    "reason:programCode", "reason:programCode.share", "reason:waitingForCPU",
                    "reason:waitingForCPU.share",
                ])
        let waiting = try #require(run.metrics.first { $0.metric == "reason:waitingForCPU" })
        #expect(waiting.values == [11e6, 12e6, 13e6])
    }
}
