// swift-tools-version: 6.1
//
// LaunchProfiler: a launch-performance profiler and startup-budget checker.
//
// Dependency shape (one way only, see README "Architecture"):
//
//   CLaunchProbe <- LaunchTrace <- LaunchProbe <- LaunchKit <- apps (SampleApp, SeedApp, FixtureApp)
//   LaunchTrace <- LaunchAnalysis <- LaunchReports
//   LaunchTrace, CLaunchProbe <- LaunchRunner
//   LaunchRunner, LaunchAnalysis, LaunchReports <- launchprof (CLI)
//
// The app side never links the CLI's dependencies; the CLI never links LaunchKit.
import PackageDescription

let package = Package(
    name: "LaunchProfiler",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LaunchKit", targets: ["LaunchKit"]),
        .library(name: "LaunchProbe", targets: ["LaunchProbe"]),
        .library(name: "LaunchTrace", targets: ["LaunchTrace"]),
        .library(name: "LaunchAnalysis", targets: ["LaunchAnalysis"]),
        .executable(name: "launchprof", targets: ["launchprof"]),
        .executable(name: "SampleApp", targets: ["SampleApp"]),
        // The blocking-call tracer the runner preloads (LD_PRELOAD) into profiled launches.
        // A separate shared library: interposers linked into an app would interpose process-wide
        // whether or not the app is profiled.
        .library(name: "LaunchPreload", type: .dynamic, targets: ["CLaunchPreload"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // All C lives here: clocks, thread-state reads, the pre-main constructor.
        .target(name: "CLaunchProbe"),
        // The blocking-call tracer: libc interposers, built only as libLaunchPreload.so and never
        // linked into an app. Shares lp_preload_abi.h with CLaunchProbe.
        .target(name: "CLaunchPreload"),
        // The contract between app and tool: value types and JSON of one launch. No dependencies.
        .target(name: "LaunchTrace"),
        // In the app: clocks, phase recorder, thread state, trace writer.
        .target(name: "LaunchProbe", dependencies: ["LaunchTrace", "CLaunchProbe"]),
        // In the app: the UIKit-shaped launch pipeline.
        .target(name: "LaunchKit", dependencies: ["LaunchProbe", "LaunchTrace"]),
        // In the tool: statistics, budgets, baselines, verdicts.
        .target(name: "LaunchAnalysis", dependencies: ["LaunchTrace"]),
        // In the tool: renderers (text, JSON, Markdown, JUnit).
        .target(name: "LaunchReports", dependencies: ["LaunchAnalysis", "LaunchTrace"]),
        // In the tool: spawning launches, timeouts, scenarios, collecting traces.
        .target(name: "LaunchRunner", dependencies: ["LaunchTrace", "CLaunchProbe", "CLaunchRunner"]),
        .target(name: "CLaunchRunner"),
        .executableTarget(
            name: "launchprof",
            dependencies: [
                "LaunchRunner", "LaunchAnalysis", "LaunchReports", "LaunchTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The example app, written the seeds' way, with deliberately slow launch work.
        .executableTarget(
            name: "SampleApp",
            dependencies: ["LaunchKit"],
            resources: [.copy("AppBundle")]
        ),
        // The seeds' Swift code (article 002), unchanged but for `import LaunchKit`,
        // compiled in the Swift 5 language mode.
        .executableTarget(
            name: "SeedApp",
            dependencies: ["LaunchKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A small app whose behaviour the tests choose through LAUNCHPROF_SCENARIO
        // (sleep, spin, crash, hang, no trace, lifecycle logging).
        .executableTarget(name: "FixtureApp", dependencies: ["LaunchKit", "CFixtureSupport"]),
        // FixtureApp's work without frame pointers (and with garbage in RBP), for the samplers.
        .target(
            name: "CFixtureSupport",
            cSettings: [.unsafeFlags(["-fomit-frame-pointer", "-mno-red-zone", "-O1"])]
        ),
        .testTarget(name: "LaunchTraceTests", dependencies: ["LaunchTrace"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LaunchProbeTests", dependencies: ["LaunchProbe", "LaunchTrace"]),
        .testTarget(name: "LaunchRunnerTests", dependencies: ["LaunchRunner", "LaunchTrace"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LaunchKitTests", dependencies: ["LaunchKit", "LaunchProbe", "LaunchTrace", "FixtureApp", "SeedApp", "SampleApp"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LaunchAnalysisTests", dependencies: ["LaunchAnalysis", "LaunchReports", "LaunchTrace"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ReportTests", dependencies: ["LaunchReports", "LaunchAnalysis", "LaunchTrace", "launchprof"], resources: [.copy("Fixtures")]),
        // The instruments (tracer, stall sampler by signal and by ptrace) against real launches.
        .testTarget(
            name: "InstrumentTests",
            dependencies: ["LaunchTrace", "LaunchAnalysis", "CLaunchProbe", "launchprof", "FixtureApp"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["LaunchTrace", "LaunchAnalysis", "launchprof", "SampleApp", "SeedApp", "FixtureApp"],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// Benchmarks (package-benchmark) are only part of the package when asked for, so that
// building and testing the product never builds the benchmark framework:
//
//     LAUNCHPROF_BENCHMARKS=1 swift package benchmark
//
if Context.environment["LAUNCHPROF_BENCHMARKS"] != nil {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"])
    )
    let benchmarkTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("ProbeRecording", ["LaunchProbe", "LaunchTrace"]),
        ("Aggregation", ["LaunchAnalysis", "LaunchTrace"]),
        ("Symbolication", ["LaunchAnalysis"]),
        ("Instruments", ["CLaunchProbe"]),
    ]
    for target in benchmarkTargets {
        package.targets.append(
            .executableTarget(
                name: target.name,
                dependencies: target.dependencies + [.product(name: "Benchmark", package: "benchmark")],
                path: "Benchmarks/\(target.name)",
                plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
            )
        )
    }
}
