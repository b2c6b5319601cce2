import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Measurement launches and diagnosis launches of an app that writes its own trace: every
/// reported time is the measurement launches' (the probe's marks alone), the findings are the
/// diagnosis launches', and the two kinds alternate.
@Suite("Measurement and diagnosis launches", .serialized)
struct MeasurementLaunchTests {
    @Test("an app 20 ms slower under the instruments: the summary holds the measurement launches' shorter phase")
    func reportedTimesAreTheMeasurementLaunches() throws {
        let folder = try BuiltProducts.scratchFolder("measurement")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "4", "--warmup", "0", "--no-history", "--verbose", "--output", folder.path, "--",
                BuiltProducts.path("FixtureApp"),
            ],
            environment: ["FIXTURE_BEHAVIOR": "slowerWhenTraced:20"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
        let phase = try #require(warm.metrics[MetricName.phase(.didFinishLaunching).rawValue])
        // The diagnosis launches slept 20 ms in didFinishLaunching; the measurement launches did not.
        #expect(phase.statistics.median < 10_000_000, "\(phase.samples)")
        let measured = try Self.traces(in: folder, prefix: "measure-")
        let diagnosed = try Self.traces(in: folder, prefix: "launch-")
        #expect(measured.count == 4 && diagnosed.count == 4)
        #expect(measured.allSatisfy { $0.mainThread == nil && $0.profile == nil })
        #expect(diagnosed.allSatisfy { ($0.phaseDuration(.didFinishLaunching) ?? 0) >= 20_000_000 })
        #expect(phase.samples.sorted() == measured.compactMap { $0.phaseDuration(.didFinishLaunching) }.sorted())
        // The findings are the diagnosis launches': the sleep, its share of their own phase.
        let sleep = try #require(summary.findings?.findings.first { $0.site.kind == .sleep })
        #expect(sleep.launches == 4 && (sleep.phaseShare ?? 2) <= 1, "\(sleep)")
        #expect(warm.timing?.metric == .timeToFirstFrame && (warm.timing?.instrumentsCostNs ?? 0) > 15_000_000)
        #expect(output.stdout.contains("measurement launches (the probe's marks alone)"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "from the diagnosis launches: <phase>.blocked, <phase>.onCpu, <phase>.runnable, blockingCalls.*, "
                    + "blockingTime.*, mainThreadBlocked, mainThreadOnCpu, mainThreadRunnable, majorFaults, minorFaults, "
                    + "profilerOverhead; every other metric from the measurement launches"), "\(output.stdout)")
        // A measurement launch reads no thread state: the main thread's state is the diagnosis launches'.
        #expect(measured.allSatisfy { !$0.profiler.ran(.threadState) })
        #expect(diagnosed.allSatisfy { $0.profiler.ran(.threadState) })
        let onCpu = try #require(warm.metrics[MetricName.mainThreadOnCpu.rawValue])
        #expect(onCpu.samples.count == 4 && onCpu.samples.allSatisfy { $0 > 0 }, "\(onCpu.samples)")
        // Interleaved: diagnosis, measurement, diagnosis, … by their start on one clock.
        let order = (diagnosed.map { ($0.clock.launchStartNs, "d") } + measured.map { ($0.clock.launchStartNs, "m") })
            .sorted { $0.0 < $1.0 }.map(\.1).joined()
        #expect(order == "dmdmdmdm", "\(order)")
        // Budgets are checked against the measurement launches, also when the summary is rebuilt
        // from the folder: 10 ms passes, which every diagnosis launch exceeds.
        let budgets = folder.appendingPathComponent("budgets.json")
        try Data(
            #"{"schemaVersion": 1, "rules": [{"metric": "didFinishLaunching", "statistic": "median", "limit": "10ms"}]}"#
                .utf8
        ).write(to: budgets)
        let check = try BuiltProducts.launchprof(["check", folder.path, "--budgets", budgets.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    static func traces(in folder: URL, prefix: String) throws -> [LaunchTrace] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".trace.json") }.sorted()
            .map { try LaunchTrace.read(from: folder.appendingPathComponent($0)) }
    }
}

extension LaunchTrace {
    /// How long `phase` lasted in this launch.
    func phaseDuration(_ phase: LaunchPhase) -> Double? {
        phases.first { $0.phase == phase }.map { Double($0.endNs - $0.startNs) }
    }
}
