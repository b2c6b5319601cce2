import LaunchTrace
import Testing

@testable import LaunchRunner

/// The thread state of a program's phase, from the whole-launch profile the runner recorded.
@Suite("Thread state of a program's phases")
struct ProgramThreadStateTests {
    static func profile(_ source: ProfileSource, _ samples: [ProfileSample]) -> LaunchProfile {
        LaunchProfile(
            source: source, samplePeriodNs: 4_000_000, offCPUStacks: true, stacks: [], samples: samples, images: [])
    }

    @Test("with perf's switch records, a phase with no sample in it was on a CPU the whole time")
    func shortPhaseIsOnCPU() {
        let state = ProgramLaunch.threadState(from: Self.profile(.perf, []), startNs: 1_000, endNs: 1_001_000)
        #expect(state.onCpuNs == 1_000_000 && state.runnableNs == 0 && state.blockedNs == 0)
    }

    @Test("with perf, the off-CPU intervals inside the phase are blocked and runnable, the rest on-CPU")
    func offCPUIntervalsCount() {
        let samples = [
            ProfileSample(startNs: 500, durationNs: 1_000, state: .blocked, stack: nil),  // half inside
            ProfileSample(startNs: 2_000, durationNs: 300, state: .blocked, stack: nil),
            ProfileSample(startNs: 4_000, durationNs: 100, state: .runnable, stack: nil),
            ProfileSample(startNs: 6_000, durationNs: 4_000, state: .onCPU, stack: nil),  // ignored: the rest is on-CPU
        ]
        let state = ProgramLaunch.threadState(from: Self.profile(.perf, samples), startNs: 1_000, endNs: 11_000)
        #expect(state.wallNs == 10_000 && state.blockedNs == 800 && state.runnableNs == 100 && state.onCpuNs == 9_100)
    }

    @Test("without switch records (the ptrace sampler), on-CPU time is the samples' and the rest blocked")
    func ptraceSamples() {
        let samples = [ProfileSample(startNs: 0, durationNs: 2_000, state: .onCPU, stack: nil)]
        let state = ProgramLaunch.threadState(from: Self.profile(.ptrace, samples), startNs: 1_000, endNs: 11_000)
        #expect(state.onCpuNs == 1_000 && state.runnableNs == 0 && state.blockedNs == 9_000)
    }
}
