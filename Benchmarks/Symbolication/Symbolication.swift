// Symbolication throughput: unique addresses of this process's own functions resolved to
// demangled, simplified names from the ELF symbol tables (file:line is batched separately).
// Target: at least 100,000 frames per second.
import Benchmark
import LaunchSymbolication

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

    let images = ProcessImages.current()
    // 50,000 frames per iteration: the 100,000 frames/s target is a median of at most 500 ms.
    Benchmark(
        "Symbolicate-50000-unique-addresses",
        configuration: .init()
    ) { benchmark in
        let addresses = try SymbolicationBenchmark.addresses(count: 50_000, images: images)
        benchmark.startMeasurement()
        let result = try SymbolicationBenchmark.run(addresses: addresses, images: images)
        benchmark.stopMeasurement()
        blackHole(result)
    }
}
