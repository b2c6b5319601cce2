// Aggregating and checking many traces: building the run summary (statistics and
// bootstrap intervals for every metric) and evaluating budgets.json against it.
// Target: 1,000 traces in at most 1 s.
import Benchmark
import Foundation
import LaunchTool
import LaunchTrace

let benchmarks: @Sendable () -> Void = {
    // Names have no spaces: package-benchmark reads static thresholds back by the raw name.
    // Regression check: a median more than 25 % worse than the checked-in static threshold
    // (Thresholds/, written by `benchmark thresholds update`) fails `benchmark thresholds check`.
    // The DESIGN targets are compared in Benchmarks/README.md.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock],
        timeUnits: .milliseconds,
        maxDuration: .seconds(10),
        maxIterations: 10,
        thresholds: [.wallClock: .init(relative: [.p50: 25.0])]
    )

    for count in [1_000, 10_000] {
        let traces = SyntheticTraces.make(count: count)
        let records = traces.enumerated().map { index, trace in
            LaunchRecord(
                index: index + 1, scenario: .warm, outcome: .completed, wallNs: trace.totals.timeToActiveNs ?? 0,
                traceFile: "launch-\(index + 1).trace.json")
        }
        let budgets = SyntheticTraces.budgets
        Benchmark("AggregateAndCheck-\(count)-traces") { benchmark in
            for _ in benchmark.scaledIterations {
                let info = RunInfo(
                    appPath: "/apps/SampleApp", scenario: .warm, runs: count, warmup: 0, date: "2026-11-22T00:00:00Z")
                let summary = RunSummary.build(info: info, records: records, traces: traces)
                blackHole(BudgetEvaluator().evaluate(budgets, summary: summary))
            }
        }
    }
}

/// Traces with realistic, varied numbers (log-normal-ish phase durations), fixed seed.
enum SyntheticTraces {
    static var budgets: BudgetFile {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appendingPathComponent("../../budgets.json")
        return (try? BudgetFile.load(from: url)) ?? BudgetFile(rules: [])
    }

    static func make(count: Int) -> [LaunchTrace] {
        var state: UInt64 = 0x5EED
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let machine = MachineInfo(
            cpuModel: "bench", logicalCores: 2, kernel: "6.1", memoryBytes: 24 << 30, hostname: "bench")
        return (0..<count).map { index in
            var phases: [PhaseRecord] = []
            var start: Int64 = 0
            for phase in PhaseName.uikit {
                let base: Double = phase == .didFinishLaunching ? 120e6 : phase == .binaryLoad ? 15e6 : 1e6
                let duration = Int64(base * (0.9 + 0.3 * random()))
                let cpu = Int64(Double(duration) * (0.4 + 0.5 * random()))
                phases.append(
                    PhaseRecord(
                        phase: phase, startNs: start, durationNs: duration,
                        threadState: ThreadState(
                            wallNs: duration, onCpuNs: cpu, runnableNs: duration / 50, minorFaults: 100, majorFaults: 0,
                            voluntarySwitches: 3, involuntarySwitches: 1)))
                start += duration
            }
            let ttff = phases.filter { $0.phase.isBeforeFirstFrame }.reduce(0) { $0 + $1.durationNs }
            return LaunchTrace(
                app: AppInfo(
                    name: "SampleApp", executablePath: "/apps/SampleApp", interface: .storyboard, infoPlistPath: nil),
                pid: Int32(1000 + index), mainThreadID: Int32(1000 + index), scenario: .warm, runIndex: index + 1,
                machine: machine,
                clock: LaunchClockInfo(launchStartNs: 0, startSource: .spawn, startResolutionNs: 1),
                phases: phases,
                spans: [
                    Span(
                        name: "catalog.load", phase: .didFinishLaunching, startNs: 20_000_000,
                        durationNs: Int64(50e6 * (0.9 + 0.2 * random())), depth: 0, parent: nil, onMainThread: true)
                ],
                marks: [],
                totals: LaunchTotals(timeToFirstFrameNs: ttff, timeToActiveNs: start, timeToFullDisplayNs: nil),
                memory: MemoryInfo(peakResidentBytes: Int64(31e6 + 1e6 * random()), residentBytes: 30_000_000),
                ending: LaunchEnding(reason: .exitAfterActive, atNs: start),
                profiler: ProfilerInfo(
                    version: "0.1.0", mainThreadNs: Int64(150_000 * (0.5 + random())), recordedEvents: 15,
                    instruments: ["phases", "threadState"])
            )
        }
    }
}
