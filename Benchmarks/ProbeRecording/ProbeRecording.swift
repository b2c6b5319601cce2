// What the probe costs the app it measures: recording a span, a phase boundary (with the
// main thread's schedstat and rusage), and a span on a probe that is not recording.
import Benchmark
import Foundation
import LaunchProbe
import LaunchTrace

let benchmarks: @Sendable () -> Void = {
    // Names have no spaces: package-benchmark reads static thresholds back by the raw name.
    // Regression check: a median more than 25 % worse than the checked-in static threshold
    // (Thresholds/, written by `benchmark thresholds update`) fails `benchmark thresholds check`.
    // The DESIGN targets are compared in Benchmarks/README.md.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000,
        thresholds: [.wallClock: .init(relative: [.p50: 25.0])]
    )

    // Target: recording one span (two clock reads and an append) costs at most 100 ns.
    Benchmark(
        "RecordOneSpan",
        configuration: .init()
    ) { benchmark in
        let probe = makeRecordingProbe()
        for _ in benchmark.scaledIterations {
            blackHole(probe.measure("span") { 1 })
        }
    }

    Benchmark("SpanNotRecording") { benchmark in
        let probe = LaunchProbe(configuration: LaunchConfiguration())
        for _ in benchmark.scaledIterations {
            blackHole(probe.measure("span") { 1 })
        }
    }

    // A phase boundary reads schedstat (pread) and getrusage(RUSAGE_THREAD): two system calls.
    Benchmark(
        "PhaseBoundaryWithThreadState",
        configuration: .init(scalingFactor: .one)
    ) { benchmark in
        let probe = makeRecordingProbe()
        let reader = ThreadStateReader()
        for _ in benchmark.scaledIterations {
            blackHole(reader.read())
        }
        blackHole(probe)
    }

    Benchmark("TwoMonotonicClockReads") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(MonotonicClock.nowNs() &+ MonotonicClock.nowNs())
        }
    }
}

/// A probe that records into memory; its trace is never written.
func makeRecordingProbe() -> LaunchProbe {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).trace.json").path
    return LaunchProbe(configuration: LaunchConfiguration(tracePath: path), launchStartNs: MonotonicClock.nowNs())
}
