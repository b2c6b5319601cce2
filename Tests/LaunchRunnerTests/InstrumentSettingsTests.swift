import Foundation
import Testing

@testable import LaunchRunner

@Suite("InstrumentSettings")
struct InstrumentSettingsTests {
    @Test("the tracer goes first in LD_PRELOAD, and the Swift crash backtracer is off unless the user set it")
    func preloadEnvironment() {
        var settings = InstrumentSettings(preloadLibrary: "/tools/libLaunchPreload.so", sampler: .ptrace, stallMs: 50)
        settings.profile = .off
        let environment = settings.environment(inheriting: ["LD_PRELOAD": "/lib/other.so"])
        #expect(environment["LD_PRELOAD"] == "/tools/libLaunchPreload.so:/lib/other.so")
        #expect(environment["SWIFT_BACKTRACE"] == "enable=no")
        #expect(environment["LAUNCHPROF_SAMPLER"] == "ptrace")
        #expect(environment["LAUNCHPROF_STALL_MS"] == "50")
        let chosen = settings.environment(inheriting: ["SWIFT_BACKTRACE": "enable=yes,symbolicate=fast"])
        #expect(chosen["SWIFT_BACKTRACE"] == nil, "the user's own setting is inherited unchanged")
    }

    @Test("without the tracer nothing is preloaded and crashes are left to the runtime")
    func noTracer() {
        let environment = InstrumentSettings(preloadLibrary: nil, sampler: .none).environment(inheriting: [:])
        #expect(environment["LD_PRELOAD"] == nil)
        #expect(environment["SWIFT_BACKTRACE"] == nil)
        #expect(environment["LAUNCHPROF_SAMPLER"] == "none")
    }

    @Test("under the whole-launch profile the app samples nothing itself: no signal, no ptrace stop")
    func profiledLaunchesSampleNothingInTheApp() throws {
        try #require(PerfAvailability.unavailableReason == nil)
        let settings = InstrumentSettings(preloadLibrary: nil, sampler: .ptrace)
        #expect(settings.profile == .perf)
        #expect(settings.effectiveSampler == .none)
        #expect(settings.environment(inheriting: [:])["LAUNCHPROF_SAMPLER"] == "none")
    }

    @Test("a failed perf_event_open is explained in a sentence naming the step and the setting that forbids it")
    func perfUnavailableReason() {
        let reason = PerfAvailability.reason(forErrno: EACCES, step: "perf_event_open(cpu-clock) on the child")
        #expect(reason?.contains("not permitted") == true)
        #expect(reason?.contains("perf_event_open(cpu-clock) on the child") == true)
        #expect(reason?.contains("perf_event_paranoid") == true)
        #expect(PerfAvailability.reason(forErrno: 0) == nil)
    }
}
