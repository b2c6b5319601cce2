import Foundation
import LaunchTrace
import Testing

@testable import LaunchProbe

/// These tests measure real phases with the real clock and the kernel's own counters:
/// they check what the profiler reports against what the phase demonstrably did.
@Suite("Thread state of real phases", .serialized)
struct ThreadStateMeasurementTests {
    static func probe() -> LaunchProbe {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).json").path
        return LaunchProbe(configuration: LaunchConfiguration(tracePath: path), launchStartNs: MonotonicClock.nowNs())
    }

    @Test(
        "a phase with a 50 ms sleep holds the sleep and no more than its two boundaries, and it is blocked, not on-CPU")
    func sleepIsBlocked() throws {
        let probe = Self.probe()
        let outerStart = MonotonicClock.nowNs()
        probe.begin(.willFinishLaunching)
        let sleepStart = MonotonicClock.nowNs()
        var request = timespec(tv_sec: 0, tv_nsec: 50_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
        let slept = MonotonicClock.nowNs() - sleepStart
        probe.begin(.didFinishLaunching)
        let outer = MonotonicClock.nowNs() - outerStart
        let trace = try #require(probe.snapshot(reason: .finishedByApp))
        let phase = try #require(trace.record(of: .willFinishLaunching))
        let state = phase.threadState
        // The sleep lasts 50 ms and a little more (the kernel's timer slack, and on a busy
        // machine the wait for a CPU after waking). The phase must hold the whole sleep and
        // lie within the clock reads taken before its first boundary and after its second:
        // no tolerance needed, whatever the machine's load.
        #expect(slept >= 50_000_000)
        #expect(
            phase.durationNs >= slept && phase.durationNs <= outer,
            "phase \(phase.durationNs) ns, sleep \(slept) ns, outer \(outer) ns")
        #expect(state.blockedNs >= 45_000_000, "blocked \(state.blockedNs) ns")
        #expect(state.onCpuNs < 5_000_000, "on-CPU \(state.onCpuNs) ns")
        #expect(
            (state.voluntarySwitches ?? 0) >= 1,
            "the probe counts the switches: \(String(describing: state.voluntarySwitches))")
    }

    @Test("a CPU-bound 50 ms phase is on-CPU (or waiting for a CPU) and never blocks")
    func spinIsOnCpu() throws {
        let probe = Self.probe()
        probe.begin(.didFinishLaunching)
        let end = MonotonicClock.nowNs() + 50_000_000
        var sink: UInt64 = 0
        while MonotonicClock.nowNs() < end { sink = sink &* 6_364_136_223_846_793_005 &+ 1 }
        probe.begin(.firstVisibleWindow)
        #expect(sink != 42)
        let trace = try #require(probe.snapshot(reason: .finishedByApp))
        let state = try #require(trace.record(of: .didFinishLaunching)).threadState
        // A spinning thread never gives up the CPU by itself. On a virtual machine whose host
        // is busy, time the hypervisor takes from the vCPU (steal) is neither on-CPU nor
        // runnable for the guest, so the wall-time split is checked with room for it.
        #expect(state.voluntarySwitches == 0, "the spinning thread blocked \(state.voluntarySwitches ?? -1) times")
        #expect(state.onCpuNs > 3 * state.blockedNs, "on-CPU \(state.onCpuNs) ns, blocked \(state.blockedNs) ns")
        #expect(
            state.onCpuNs + state.runnableNs >= 35_000_000,
            "on-CPU \(state.onCpuNs) ns, runnable \(state.runnableNs) ns")
    }

    @Test(
        "the probe's own cost is counted on the thread's CPU clock: a sleep adds nothing, a spin adds at most its wall time"
    )
    func ownCostClockIsThreadCPU() {
        var cpu = ThreadCPUClock.nowNs()
        var request = timespec(tv_sec: 0, tv_nsec: 30_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
        let asleep = ThreadCPUClock.nowNs() - cpu
        #expect(asleep < 5_000_000, "\(asleep) ns of CPU in a 30 ms sleep")
        // The CPU reading is nested inside the wall reading, so that it cannot take in the
        // other clock's reads; the two clocks count from different sources (the scheduler's
        // clock and the clocksource), so they may differ in rate by a hair: 0.1 % is allowed.
        let wallStart = MonotonicClock.nowNs()
        cpu = ThreadCPUClock.nowNs()
        var sink: UInt64 = 1
        while MonotonicClock.nowNs() - wallStart < 20_000_000 { sink = sink &* 6_364_136_223_846_793_005 &+ 1 }
        let spun = ThreadCPUClock.nowNs() - cpu
        let wall = MonotonicClock.nowNs() - wallStart
        #expect(sink != 0)
        #expect(spun > 0 && spun <= wall + wall / 1000, "\(spun) ns of CPU in \(wall) ns of spinning")
    }

    @Test("the trace is written atomically and reads back equal; the profiler's own time is reported")
    func traceRoundTrips() throws {
        let probe = Self.probe()
        probe.begin(.applicationObject)
        probe.measure("work") { (1...1000).reduce(0, +) }
        let token = probe.beginSpan("outer.token")
        probe.endSpan(token)
        probe.mark("checkpoint")
        probe.firstFrameCommitted()
        probe.becameActive()
        #expect(probe.finish(.finishedByApp) == nil)
        let url = URL(filePath: try #require(probe.configuration.tracePath))
        defer { try? FileManager.default.removeItem(at: url) }
        let trace = try LaunchTrace.read(from: url)
        #expect(trace.schemaVersion == 1)
        #expect(trace.pid == getpid())
        #expect(trace.spans.map(\.name) == ["work", "outer.token"])
        #expect(trace.spans.allSatisfy { $0.onMainThread && $0.phase == .applicationObject })
        #expect(trace.marks.map(\.name).contains("checkpoint"))
        #expect(trace.totals.timeToActiveNs != nil)
        #expect(trace.profiler.mainThreadNs > 0)
        #expect(trace.profiler.instruments.contains("threadState"))
        #expect(trace.machine.logicalCores >= 1)
        #expect(trace.memory.peakResidentBytes > 0)
        let again = try LaunchTrace.decode(try TraceJSON.makeEncoder().encode(trace), file: "memory")
        #expect(again == trace)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(url.lastPathComponent)") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")
        #expect(probe.finish(.terminated) == nil, "a second finish writes nothing")
    }

    @Test("a probe that is not recording records nothing and runs the measured body")
    func offProbe() {
        let probe = LaunchProbe(configuration: LaunchConfiguration())
        probe.begin(.didFinishLaunching)
        #expect(probe.measure("x") { 7 } == 7)
        #expect(probe.snapshot(reason: .finishedByApp) == nil)
        #expect(!probe.isRecording)
    }
}
