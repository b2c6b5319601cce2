import LaunchProbe
import Testing

@Suite("LaunchConfiguration from the environment")
struct LaunchConfigurationTests {
    @Test("every variable is read")
    func readsEveryVariable() {
        let configuration = LaunchConfiguration(environment: [
            "LAUNCHPROF_TRACE": "/tmp/a.json", "LAUNCHPROF_SPAWN_NS": "123456789",
            "LAUNCHPROF_EXIT_AFTER": "fullyDrawn", "LAUNCHPROF_SCENARIO": "cold",
            "LAUNCHPROF_RUN_INDEX": "7", "LAUNCHPROF_STALL_MS": "250", "LAUNCHPROF_EVENT_FD": "9",
        ])
        #expect(configuration.tracePath == "/tmp/a.json")
        #expect(configuration.spawnNs == 123_456_789)
        #expect(configuration.exitAfter == .fullyDrawn)
        #expect(configuration.scenario == .cold)
        #expect(configuration.runIndex == 7)
        #expect(configuration.stallThresholdMs == 250)
        #expect(configuration.eventFD == 9)
        #expect(configuration.warnings.isEmpty)
        #expect(configuration.isRecording)
    }

    @Test("without variables nothing is recorded and the launch does not end early")
    func defaults() {
        let configuration = LaunchConfiguration(environment: [:])
        #expect(!configuration.isRecording)
        #expect(configuration.exitAfter == nil)
        #expect(configuration.scenario == .warm)
        #expect(configuration.spawnNs == nil)
    }

    @Test(
        "an invalid value is ignored with a warning naming the variable and the value",
        arguments: [
            ("LAUNCHPROF_SPAWN_NS", "soon"), ("LAUNCHPROF_EXIT_AFTER", "later"),
            ("LAUNCHPROF_RUN_INDEX", "-2"), ("LAUNCHPROF_STALL_MS", "0"), ("LAUNCHPROF_EVENT_FD", "1"),
        ]
    )
    func invalidValues(name: String, value: String) throws {
        let configuration = LaunchConfiguration(environment: [name: value])
        let warning = try #require(configuration.warnings.first)
        #expect(warning.contains("\(name)=\(value)"))
        #expect(configuration.exitAfter == nil)
        #expect(configuration.spawnNs == nil)
    }
}

@Suite("Process start fallback")
struct ProcessStartTests {
    @Test("the process start time precedes main by less than a minute, within its resolution")
    func processStartPrecedesMain() throws {
        let start = try #require(MonotonicClock.processStartNs)
        let main = MonotonicClock.processMainNs
        #expect(main > 0, "the constructor noted the instant before main")
        #expect(start <= main + MonotonicClock.processStartResolutionNs)
        #expect(main - start < 60_000_000_000)
        #expect(MonotonicClock.processStartResolutionNs == 10_000_000)
    }
}
