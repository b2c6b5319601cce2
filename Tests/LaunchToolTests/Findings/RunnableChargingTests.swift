import LaunchRunner
import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

/// Time a launch waited for a CPU, charged to the work its thread was preempted in: a synthetic
/// whole-launch profile on the fixture's symbol tables, with exact expected charges.
@Suite("Charging time waiting for a CPU")
struct RunnableChargingTests {
    static let ms: Int64 = 1_000_000
    /// `CatalogStore.load()`, `ThumbnailCache.warmSynchronously(megabytes:)`, the app delegate's
    /// `application(_:didFinishLaunchingWithOptions:)` and `UIApplicationMain`, in the fixture's SampleApp.
    static let load: [Address] = [Address(0x5555_0001_0010), Address(0x5555_0001_0810), Address(0x5555_0001_2010)]
    static let warm: [Address] = [Address(0x5555_0001_0410), Address(0x5555_0001_0810), Address(0x5555_0001_2010)]

    /// In didFinishLaunching ([131, 311) ms): from 150 ms, 50 turns of 1 ms on a CPU then 1 ms
    /// preempted; the first 25 in `load()`, the rest in `warmSynchronously`. Every other
    /// preemption has its stack recorded at the switch-out; the others have none.
    static func trace() throws -> LaunchTrace {
        var trace = TraceFactory.trace()
        var activity = try FindingsFixture.activity()
        activity.blockingCalls = []
        activity.stalls = []
        trace.mainThread = activity
        var samples: [ProfileSample] = []
        for turn in 0..<50 {
            let start = (150 + 2 * Int64(turn)) * ms
            let stack = turn < 25 ? 0 : 1
            samples.append(ProfileSample(startNs: start, durationNs: ms, state: .onCPU, stack: stack))
            samples.append(
                ProfileSample(
                    startNs: start + ms, durationNs: ms, state: .runnable, stack: turn.isMultiple(of: 2) ? stack : nil))
        }
        trace.profile = LaunchProfile(
            source: .perf, samplePeriodNs: ms, offCPUStacks: true, stacks: [load, warm], samples: samples, images: [])
        return trace
    }

    @Test("a function is charged its time on a CPU and the time its thread waited for one in it, shown apart")
    func chargedWhole() throws {
        let findings = FindingsAnalyzer().findings(
            in: try Self.trace(), symbolicator: try FindingsFixture.symbolicator())
        let load = try #require(findings.first { $0.site.function == "CatalogStore.load()" })
        let warm = try #require(findings.first { $0.site.function.hasPrefix("ThumbnailCache.warmSynchronously") })
        #expect(load.site.kind == .cpu)
        #expect(load.site.phase == .didFinishLaunching)
        #expect(load.costNs == 50 * Self.ms)
        #expect(load.waitingForCPUNs == 25 * Self.ms)
        #expect(warm.costNs == 50 * Self.ms)
        #expect(warm.waitingForCPUNs == 25 * Self.ms)
    }

    @Test("the run's finding keeps the split, and the report shows it")
    func splitInReport() throws {
        let traces = [try Self.trace()]
        let summary = RunSummary.build(
            info: RunInfo(
                appPath: "/apps/SampleApp", scenario: .warm, runs: 1, warmup: 0, date: "2025-01-31T09:12:00Z"),
            records: [
                LaunchRecord(
                    index: 1, scenario: .warm, outcome: .completed, exitStatus: 0, wallNs: 500_000_000,
                    traceFile: "run-1.trace.json")
            ], traces: traces)
        let run = FindingsAnalyzer().findings(
            for: summary, traces: traces, symbolicator: try FindingsFixture.symbolicator())
        let load = try #require(run.findings.first { $0.site.function == "CatalogStore.load()" })
        #expect(load.medianCostNs == 50e6)
        #expect(load.medianWaitingForCPUNs == 25e6)
        #expect(FindingsSection.cost(load).hasPrefix("50.0 ms: 25.0 ms on CPU, 25.0 ms waiting for a CPU"))
        let attribution = try #require(run.attribution)
        #expect(attribution.appNs == 100 * Self.ms)
        #expect(attribution.waitingForCPUNs == 50 * Self.ms)
        let line = try #require(FindingsSection.attributionLine(attribution))
        #expect(line.contains("on-CPU, runnable and blocked time"))
        #expect(line.contains("waiting for a CPU 50.0 % of it"))
    }

    @Test(
        "a preemption without a stack takes its stretch's sample: the one before, else the one after, never across a sleep"
    )
    func stackOfPreemption() {
        let samples = [
            ProfileSample(startNs: 0, durationNs: 1, state: .onCPU, stack: 0),
            ProfileSample(startNs: 1, durationNs: 4, state: .blocked, stack: 1),
            ProfileSample(startNs: 5, durationNs: 1, state: .runnable, stack: nil),
            ProfileSample(startNs: 6, durationNs: 1, state: .onCPU, stack: 2),
            ProfileSample(startNs: 7, durationNs: 2, state: .runnable, stack: nil),
            ProfileSample(startNs: 9, durationNs: 1, state: .blocked, stack: 1),
            ProfileSample(startNs: 10, durationNs: 1, state: .runnable, stack: nil, thread: 7),
            // Preempted in a clock read (its own stack 2) after a sample of the work (stack 0).
            ProfileSample(startNs: 20, durationNs: 1, state: .onCPU, stack: 0, thread: 8),
            ProfileSample(startNs: 21, durationNs: 1, state: .runnable, stack: 2, thread: 8),
        ]
        let profile = LaunchProfile(
            source: .perf, samplePeriodNs: 1, offCPUStacks: true, stacks: [[Address(1)], [Address(2)], [Address(3)]],
            samples: samples,
            images: [])
        let stacks = RunnableStacks(profile: profile)
        #expect(stacks.stack(of: samples[2]) == 2)
        #expect(stacks.stack(of: samples[4]) == 2)
        #expect(stacks.stack(of: samples[6]) == nil)
        #expect(stacks.stack(of: samples[1]) == 1)
        #expect(stacks.stack(of: samples[8]) == 0)
    }
}
