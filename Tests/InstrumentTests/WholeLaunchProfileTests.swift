import Foundation
import LaunchSymbolication
import LaunchTool
import LaunchTrace
import Testing

/// The whole-launch profile (perf events opened by the runner on the child before exec) against
/// real launches of FixtureApp: what it finds, how exactly it charges it, and that the app never
/// receives a signal.
@Suite("Whole-launch profile", .serialized)
struct WholeLaunchProfileTests {
    /// The findings of one traced launch, computed the way `run` and `report` compute them.
    static func findings(_ trace: LaunchTrace) -> [LaunchFinding] {
        FindingsAnalyzer().findings(in: trace, symbolicator: Symbolicator(sourceLocator: nil))
    }

    @Test("200 ms of CPU in viewDidLoad is one cpu finding of 200 ms in firstVisibleWindow, from its first millisecond")
    func cpuInViewDidLoad() throws {
        let output = try Launch.trace("cpuInViewDidLoad:200")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let profile = try #require(trace.profile)
        #expect(profile.source == .perf)
        // viewDidLoad calls FixtureWork.burnCPU(milliseconds:), the function to move.
        let finding = try #require(
            Self.findings(trace).first { $0.site.function.contains("FixtureWork.burnCPU") },
            "\(Self.findings(trace).map(\.site.function))")
        #expect(finding.site.kind == .cpu)
        #expect(finding.site.phase == .firstVisibleWindow)
        // Its cost is its time on a CPU plus the time it waited for one (a busy machine adds that).
        let onCPU = finding.costNs - finding.waitingForCPUNs
        #expect(within(10, onCPU, of: 200_000_000), "\(finding.costNs) ns, \(finding.waitingForCPUNs) ns waiting")
    }

    @Test(
        "a 150 ms sleep, a 120 ms semaphore wait and a 120 ms wait for a contended mutex are charged within 5 %, with no signal and no short wait",
        arguments: [("usleep", 150, BlockingKind.sleep), ("dispatch-semaphore", 120, .lock), ("mutex", 120, .lock)])
    func blockedTime(call: String, milliseconds: Int64, kind: BlockingKind) throws {
        for options in [[], ["--no-tracer"]] {
            let output = try Launch.trace("block:\(call):\(milliseconds)", options: options)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let trace = try #require(output.trace)
            let finding = try #require(
                Self.findings(trace).first { $0.site.kind == kind }, "\(Self.findings(trace).map(\.site.function))")
            #expect(finding.site.function.contains("FixtureBlocking"), "\(finding.site.function)")
            #expect(finding.site.phase == .didFinishLaunching)
            let blocked = try trace.blockedNs()
            #expect(within(5, finding.costNs, of: blocked), "\(options): \(finding.costNs) ns of \(blocked)")
            #expect(trace.mainThread?.sampler.signalsSent == 0)
            #expect(trace.mainThread?.sampler.method == SamplerInfo.Method.none)
        }
    }

    @Test(
        "every launch under the perf profile: no signal reaches the app, and no blocking call is cut short",
        arguments: BlockingCase.all)
    func noSignals(_ blocking: BlockingCase) throws {
        let output = try Launch.trace("block:\(blocking.call):\(InstrumentTests.injectedMs)")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(
            !(output.stdout + output.stderr).contains("EINTR") && !(output.stdout + output.stderr).contains("SHORT"))
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.sampler.signalsSent == 0)
        #expect(activity.sampler.samplesTaken == 0)
        let profile = try #require(trace.profile)
        #expect(profile.source == .perf)
        let call = try #require(
            activity.blockingCalls.first { $0.function == blocking.function && $0.durationNs > 200_000_000 })
        #expect(within(5, call.durationNs, of: try trace.blockedNs()))
        // The profile saw the thread off the CPU for the call, with a stack in the app.
        let during = profile.mainThreadSamples.filter {
            $0.state == .blocked && $0.startNs >= call.startNs - 1_000_000
                && $0.startNs < call.startNs + call.durationNs
        }
        let blocked = during.reduce(0) { $0 + $1.durationNs }
        #expect(blocked >= call.durationNs * 9 / 10, "blocked \(blocked) of \(call.durationNs)")
    }

    @Test(
        "4,096 reads of 64 KiB, each under the tracer's threshold, are one fileIO finding with the reading function, the file, the count and the time they took"
    )
    func manySmallReads() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reads-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(repeating: 7, count: 4096 * 65_536).write(to: file)
        let output = try Launch.trace("readChunks:4096", environment: ["FIXTURE_FILE": file.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let span = try #require(trace.spans.first { $0.name == "fixture.reads" })
        #expect(span.phase == .willFinishLaunching)
        let findings = Self.findings(trace).filter {
            $0.site.kind == .fileIO && $0.site.function.contains("FixtureWork.readChunks")
        }
        #expect(findings.count == 1, "\(Self.findings(trace).map(\.site.function))")
        let finding = try #require(findings.first)
        // The function's file calls: the 4,096 reads and the open before them.
        #expect(finding.tracedCalls == 4097)
        #expect(Set(finding.blockingFunctions) == ["open", "read"], "\(finding.blockingFunctions)")
        let bytes: Int64 = 4096 * 65_536
        #expect(finding.bytes == bytes)
        #expect(finding.site.phase == .willFinishLaunching)
        #expect(finding.resources == [file.resolvingSymlinksInPath().path], "\(finding.resources)")
        #expect(
            within(10, finding.costNs, of: span.durationNs),
            "reads \(finding.costNs) ns of the span's \(span.durationNs) ns")
    }

    @Test("the profile's on-CPU, blocked and runnable time agree with the thread's own clocks")
    func agreesWithThreadClocks() throws {
        let output = try Launch.trace("spin:300")
        let trace = try #require(output.trace)
        let profile = try #require(trace.profile)
        let end = try #require(trace.totals.timeToFirstFrameNs)
        let before = profile.mainThreadSamples.filter { $0.startNs + $0.durationNs / 2 < end }
        let onCPU = before.filter { $0.state == .onCPU }.reduce(0) { $0 + $1.durationNs }
        let threadOnCPU = trace.phases.reduce(0) { $0 + $1.threadState.onCpuNs }
        // cpu-clock samples come every millisecond of CPU: within two periods and 3 %.
        #expect(
            abs(onCPU - threadOnCPU) <= max(2 * profile.samplePeriodNs, threadOnCPU * 3 / 100),
            "\(onCPU) vs \(threadOnCPU)")
    }

    @Test(
        "where perf events are forbidden (a seccomp profile, as in containers), the ptrace stall sampler stands in and the trace says why"
    )
    func fallbackWhenPerfIsForbidden() throws {
        let output = try Launch.trace("spin:300", wrapper: "DenyPerfEvents")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let profile = try #require(trace.profile)
        #expect(profile.source == .ptrace)
        #expect(profile.samples.isEmpty)
        let reason = try #require(profile.fallbackReason)
        #expect(reason.contains("not permitted"), "\(reason)")
        let activity = try #require(trace.mainThread)
        #expect(activity.sampler.method == .ptrace)
        #expect(activity.sampler.signalsSent == 0)
        #expect(activity.stalls.contains { !$0.samples.isEmpty })
        #expect(output.stdout.contains("whole-launch profile: ptrace"), "\(output.stdout)")
    }

    @Test("with --profile off the stall sampler runs as before, and the trace has no profile")
    func profileOff() throws {
        let output = try Launch.trace("spin:300", options: ["--profile", "off"])
        let trace = try #require(output.trace)
        #expect(trace.profile == nil)
        #expect(trace.mainThread?.sampler.method == .ptrace)
    }
}
