// swift-tools-version: 6.1
//
// LaunchProfiler: a launch-performance profiler and startup-budget checker.
//
// Dependency shape (one way only, see docs/architecture.md; .ci/check-modules.py checks both):
//
//   CLaunchABI <- CLaunchProbe, CLaunchRunner, CLaunchPreload (C, split by side)
//   CLaunchProbe, LaunchTrace <- LaunchProbe <- LaunchKit (+ CLaunchDisplay) <- apps (SampleApp, SeedApp, FixtureApp)
//   LaunchTrace <- LaunchSymbolication, LaunchRunner (+ CLaunchRunner), LaunchHistory (GRDB, postgres-nio)
//   LaunchRunner, LaunchSymbolication, LaunchHistory <- LaunchTool <- launchprof (CLI)
//
// The app side never links the CLI's dependencies; the CLI never links LaunchKit nor
// CLaunchProbe (whose pre-main constructor must run in apps only).
import PackageDescription

let package = Package(
    name: "LaunchProfiler",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LaunchKit", targets: ["LaunchKit"]),
        .library(name: "LaunchProbe", targets: ["LaunchProbe"]),
        .library(name: "LaunchTrace", targets: ["LaunchTrace"]),
        .executable(name: "launchprof", targets: ["launchprof"]),
        .executable(name: "SampleApp", targets: ["SampleApp"]),
        // `swift package launchprof run --product MyApp`: build in release and profile it.
        .plugin(name: "LaunchprofCommand", targets: ["LaunchprofCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // Headers only: what the C of both sides shares (the tracer's record layout, the sample
        // layout, the monotonic clock, the LAUNCHPROF_* names the C code reads).
        .target(name: "CLaunchABI"),
        // The app side's C: clocks, thread-state reads, the in-process signal sampler, the image
        // map, the pre-main constructor. Linked into every app, never into launchprof.
        .target(name: "CLaunchProbe", dependencies: ["CLaunchABI"]),
        // The app side's C that shows LaunchKit's windows on a real display: Wayland (wl_shm,
        // xdg-shell) through libwayland-client, X11 through libxcb, each loaded with dlopen when
        // WAYLAND_DISPLAY or DISPLAY names a display. Linked into LaunchKit apps only.
        .target(name: "CLaunchDisplay"),
        // The runner side's C: the ptrace sampler (libunwind-ptrace by dlopen) and pidfd.
        .target(name: "CLaunchRunner", dependencies: ["CLaunchABI"]),
        // The blocking-call tracer: libc interposers, built only as libLaunchPreload.so (by the
        // PreloadLibrary plugin, in plain C: no Swift runtime in profiled processes) and never
        // linked into an app or launchprof. Shares lp_preload_abi.h with CLaunchProbe through
        // CLaunchABI.
        .target(name: "CLaunchPreload", dependencies: ["CLaunchABI"], plugins: ["PreloadLibrary"]),
        // The loader's audit module that times what happens before `main`, object by object
        // (LD_AUDIT in profiled launches): built only as libLaunchAudit.so by the same plugin,
        // plain C, never linked into an app or launchprof.
        .target(name: "CLaunchAudit", dependencies: ["CLaunchABI"], plugins: ["PreloadLibrary"]),
        // Compiles CLaunchPreload into libLaunchPreload.so with the C compiler (a resource of
        // CLaunchPreload, in LaunchProfiler_CLaunchPreload.resources beside launchprof).
        .plugin(name: "PreloadLibrary", capability: .buildTool()),
        // Writes the commit the checkout is at into launchprof (`launchprof --version`), before
        // every build; nil outside a git checkout.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // `swift package launchprof run --product MyApp [launchprof run options]`: builds the
        // product in release and runs launchprof on it (as package-benchmark's plugin does).
        .plugin(
            name: "LaunchprofCommand",
            capability: .command(
                intent: .custom(
                    verb: "launchprof",
                    description: "Build an executable product in release and profile its launches with launchprof."),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "launchprof writes its run folders under .launchprof/runs in the package directory.")
                ]
            )
            // No dependency on launchprof: the plugin builds it on demand (a dependency would
            // build the whole tool twice in every `swift build`, once for the host).
        ),
        // The contract between app and tool: value types and JSON of one launch. No dependencies.
        .target(name: "LaunchTrace"),
        // In the app: clocks, phase recorder, thread state, trace writer.
        .target(name: "LaunchProbe", dependencies: ["LaunchTrace", "CLaunchProbe"]),
        // In the app: the UIKit-shaped launch pipeline.
        .target(name: "LaunchKit", dependencies: ["LaunchProbe", "LaunchTrace", "CLaunchDisplay"]),
        // In the tool: ELF symbol tables, Swift demangling, llvm-symbolizer, the image map.
        .target(name: "LaunchSymbolication", dependencies: ["LaunchTrace"]),
        // In the tool: spawning launches, timeouts, scenarios, collecting traces.
        .target(name: "LaunchRunner", dependencies: ["LaunchTrace", "CLaunchRunner"]),
        // In the tool: the store of every run's history (SQLite through GRDB by default,
        // PostgreSQL through postgres-nio for a team) and its rows: a leaf, so that GRDB and
        // SwiftNIO are linked by nothing else.
        .target(
            name: "LaunchHistory",
            dependencies: [
                "LaunchTrace",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // In the tool: everything launchprof does with launches, by feature: runs and their
        // folders, metrics, statistics, budgets (baselines, policy, verdicts), findings and their
        // advice, the time before main, the breakdown, comparisons, bisects, the history's trends
        // and dashboard, and every output format. The CLI only parses for it and renders.
        .target(
            name: "LaunchTool",
            dependencies: ["LaunchRunner", "LaunchHistory", "LaunchSymbolication", "LaunchTrace"]
        ),
        .executableTarget(
            name: "launchprof",
            dependencies: [
                "LaunchTool", "LaunchRunner", "LaunchHistory", "LaunchTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildCommit"]
        ),
        // The example app, written the seeds' way, with deliberately slow launch work.
        .executableTarget(
            name: "SampleApp",
            dependencies: ["LaunchKit", "LaunchProbe"],
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
        .executableTarget(
            name: "FixtureApp", dependencies: ["LaunchKit", "LaunchProbe", "LaunchTrace", "CFixtureSupport"]),
        // A small server for the readiness tests (port, output line, file, sd_notify; SIGTERM).
        // With --phases it is a LaunchProbe program with phases of its own (database, migrations,
        // routes, bind), ready when it listens.
        .executableTarget(name: "FixtureServer", dependencies: ["LaunchProbe", "LaunchTrace"]),
        // A command-line tool and server whose launches wait for other threads (Swift's
        // cooperative pool, a joined pthread, SwiftNIO's event loops, linked statically),
        // for the thread-following profile's tests.
        .executableTarget(
            name: "FixtureTool",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // A plain X11 client (C, libxcb by dlopen) that maps its window and draws into it at
        // times the tests choose, for the display's readiness tests.
        .executableTarget(name: "FixtureWindow"),
        // FixtureApp's work without frame pointers (and with garbage in RBP), for the samplers.
        .target(
            name: "CFixtureSupport",
            cSettings: [.unsafeFlags(["-fomit-frame-pointer", "-mno-red-zone", "-O1"])]
        ),
        // Shared by the test targets only, never by a product: the report fixture and golden-file
        // assertions (record mode fails the test; a mismatch shows a line diff).
        .target(
            name: "LaunchTestSupport",
            dependencies: ["LaunchTool", "LaunchRunner", "LaunchHistory", "LaunchTrace"],
            path: "Tests/LaunchTestSupport",
            resources: [.copy("Fixtures")]
        ),
        // Runs a program with perf_event_open forbidden by seccomp, for the fallback's tests.
        .executableTarget(name: "DenyPerfEvents", path: "Tests/DenyPerfEvents"),
        // Watches an Xvfb's screen file and its windows' maps from outside launchprof, for the tests
        // that hold first windows and frames against the screen.
        // Optimised in every build: it must read the whole screen within its millisecond.
        .executableTarget(name: "ScreenWatch", path: "Tests/ScreenWatch", cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(name: "WaylandWatch", path: "Tests/WaylandWatch", cSettings: [.unsafeFlags(["-O2"])]),
        .testTarget(name: "LaunchTraceTests", dependencies: ["LaunchTrace"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LaunchProbeTests", dependencies: ["LaunchProbe", "LaunchTrace"]),
        .testTarget(
            name: "LaunchRunnerTests", dependencies: ["LaunchRunner", "LaunchTrace", "CLaunchABI"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "LaunchKitTests",
            dependencies: [
                "LaunchKit", "LaunchProbe", "LaunchTrace", "LaunchTestSupport", "FixtureApp", "SeedApp", "SampleApp",
            ], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "LaunchSymbolicationTests",
            dependencies: ["LaunchSymbolication", "LaunchTool", "LaunchTrace"]),
        // The history: change points on seeded series, the store suite against SQLite and a real
        // PostgreSQL cluster the tests start, concurrent writer processes, the exports.
        .testTarget(
            name: "LaunchHistoryTests",
            dependencies: [
                "LaunchHistory", "LaunchTool", "LaunchTrace", "launchprof", "SampleApp",
                "LaunchTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // LaunchTool, folder by folder as in Sources: statistics, metrics, budgets, findings, the
        // time before main, runs on the scripted launcher (no process) and against real launches
        // of FixtureApp and FixtureServer, comparisons, and every output against golden files.
        .testTarget(
            name: "LaunchToolTests",
            dependencies: [
                "LaunchTool", "LaunchRunner", "LaunchHistory", "LaunchSymbolication", "LaunchTrace",
                "LaunchTestSupport", "FixtureApp",
                "FixtureServer",
            ],
            resources: [.copy("Fixtures")]
        ),
        // The instruments (tracer, stall sampler by signal and by ptrace) against real launches.
        .testTarget(
            name: "InstrumentTests",
            dependencies: [
                "LaunchTrace", "LaunchTool", "LaunchSymbolication", "LaunchRunner", "launchprof",
                "FixtureApp", "DenyPerfEvents",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "LaunchTrace", "LaunchTool", "LaunchRunner", "LaunchHistory", "launchprof", "SampleApp", "SeedApp",
                "FixtureApp",
                "LaunchTestSupport", "FixtureServer", "FixtureTool", "FixtureWindow", "ScreenWatch", "WaylandWatch",
                "LaunchSymbolication",
            ],
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
        ("Aggregation", ["LaunchTool", "LaunchTrace"]),
        ("Symbolication", ["LaunchSymbolication", "LaunchTrace"]),
        ("ProfileHandling", ["LaunchRunner", "LaunchTrace"]),
        ("Instruments", ["CLaunchABI", "CLaunchProbe", "CLaunchRunner", "CBenchSupport"]),
    ]
    // Threads and children that spin at a known stack depth, for the samplers (benchmarks only).
    package.targets.append(
        .target(name: "CBenchSupport", dependencies: ["CLaunchProbe"], path: "Benchmarks/CBenchSupport"))
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

// Fuzz targets (libFuzzer) are only part of the package when asked for; `Fuzz/run.sh TARGET
// SECONDS` builds them with `-sanitize=fuzzer,address` in their own scratch folder and runs one.
if Context.environment["LAUNCHPROF_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzBudgets", ["LaunchTool"]),
        ("FuzzTrace", ["LaunchTool", "LaunchRunner", "LaunchTrace"]),
        ("FuzzELF", ["LaunchSymbolication"]),
        ("FuzzInfoPlist", ["LaunchKit"]),
        ("FuzzStoryboard", ["LaunchKit"]),
        ("FuzzReadiness", ["LaunchRunner", "LaunchTrace"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/\(target.name)")
        )
    }
}
