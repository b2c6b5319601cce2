import Testing

@testable import LaunchRunner

@Suite("InstrumentSettings")
struct InstrumentSettingsTests {
    @Test("the tracer goes first in LD_PRELOAD, and the Swift crash backtracer is off unless the user set it")
    func preloadEnvironment() {
        let settings = InstrumentSettings(preloadLibrary: "/tools/libLaunchPreload.so", sampler: .ptrace, stallMs: 50)
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
}
