import LaunchTrace
import Testing

@testable import LaunchRunner

/// The adaptive on-CPU sampling rate: about 200 samples per launch, within 250 Hz to 10 kHz.
@Suite("Adaptive profile rate")
struct ProfileRateTests {
    @Test("a launch of 10 ms of CPU gets 10 kHz next, one of 2 s the floor, one of 100 ms 2 kHz")
    func rates() {
        #expect(ProfileRate.next(afterOnCPUNs: 10_000_000) == 10_000)
        #expect(ProfileRate.next(afterOnCPUNs: 100_000_000) == 2_000)
        #expect(ProfileRate.next(afterOnCPUNs: 2_000_000_000) == 250)
        #expect(ProfileRate.next(afterOnCPUNs: 0) == 10_000)
        // Rounded up to a multiple of 250 Hz: 200 samples in 130 ms want 1538 Hz.
        #expect(ProfileRate.next(afterOnCPUNs: 130_000_000) == 1_750)
    }

    @Test("the next rate counts every thread's on-CPU time, and nothing without a perf profile")
    func fromProfile() {
        let samples = [
            ProfileSample(startNs: 0, durationNs: 40_000_000, state: .onCPU, stack: nil),
            ProfileSample(startNs: 0, durationNs: 60_000_000, state: .onCPU, stack: nil, thread: 7),
            ProfileSample(startNs: 0, durationNs: 500_000_000, state: .blocked, stack: nil),
        ]
        let profile = LaunchProfile(
            source: .perf, samplePeriodNs: 1_000_000, offCPUStacks: true, stacks: [], samples: samples, images: [])
        #expect(ProfileRate.next(after: profile) == 2_000)
        var ptrace = profile
        ptrace.source = .ptrace
        #expect(ProfileRate.next(after: ptrace) == nil)
        #expect(ProfileRate.next(after: nil) == nil)
    }
}
