// swift-tools-version: 6.1
//
// LaunchProfiler's benchmarks, kept in their own package so that building and testing the
// product never builds the benchmark framework. Run from this folder:
//
//     swift package benchmark
//
import PackageDescription

let package = Package(
    name: "LaunchProfilerBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ProbeRecording",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LaunchProbe", package: "LaunchProfiler"),
                .product(name: "LaunchTrace", package: "LaunchProfiler"),
            ],
            path: "Benchmarks/ProbeRecording",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
