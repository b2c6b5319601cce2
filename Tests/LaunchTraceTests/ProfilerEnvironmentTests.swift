import Foundation
import LaunchTrace
import Testing

@Suite("ProfilerEnvironment")
struct ProfilerEnvironmentTests {
    static let everything = ProfilerEnvironment(
        tracePath: "/tmp/launch 1.trace.json", spawnNs: 123_456_789, exitAfter: .fullyDrawn, scenario: .cold,
        runIndex: 7, eventFD: 9, stallThresholdMs: 250, sampleIntervalMs: 5, samplerMethod: .ptrace,
        stallFD: 11, blockingCallThresholdMs: 0.5, purpose: .measurement, relocationMarks: true
    )

    @Test("encoding then decoding gives the same value, with no warning")
    func roundTrip() {
        for value in [
            Self.everything, ProfilerEnvironment(), ProfilerEnvironment(exitAfter: .resumed, scenario: .resume),
        ] {
            var warnings: [String] = []
            let decoded = ProfilerEnvironment(decoding: value.encode(), warnings: &warnings)
            #expect(decoded == value)
            #expect(warnings.isEmpty)
        }
    }

    @Test("every field has its own variable, spelt as the C side reads it")
    func variableNames() {
        let names = Set(Self.everything.encode().keys)
        #expect(names == Set(ProfilerEnvironment.Variable.allCases.map(\.rawValue)))
        #expect(names.allSatisfy { $0.hasPrefix(ProfilerEnvironment.Variable.prefix) })
        #expect(ProfilerEnvironment.Variable.trace.rawValue == "LAUNCHPROF_TRACE")
        #expect(ProfilerEnvironment.Variable.blockingMs.rawValue == "LAUNCHPROF_BLOCKING_MS")
        #expect(Self.everything.encode()["LAUNCHPROF_EXIT_AFTER"] == "fullyDrawn")
        #expect(Self.everything.encode()["LAUNCHPROF_RELOCATION_MARKS"] == "1")
    }

    @Test("every variable the C side reads (lp_env.h) is one of these, spelt the same")
    func cSpellings() throws {
        let header = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/CLaunchABI/include/lp_env.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        let spelt = text.split(separator: "\n").filter { $0.hasPrefix("#define LP_ENV_") }.compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(spelt.count >= 6, "\(spelt)")
        // The runner's own switch for its ptrace sampler is not a setting passed to the app.
        let known = Set(ProfilerEnvironment.Variable.allCases.map(\.rawValue) + ["LAUNCHPROF_NO_LIBUNWIND"])
        #expect(spelt.filter { !known.contains($0) } == [])
        #expect(ProfilerEnvironment(relocationMarks: false).encode().isEmpty)
    }

    @Test(
        "an invalid value is ignored with the documented warning",
        arguments: [
            ("LAUNCHPROF_RUN_INDEX", "-2", "LAUNCHPROF_RUN_INDEX=-2 is not a non-negative integer; it is ignored."),
            (
                "LAUNCHPROF_EXIT_AFTER", "later",
                "LAUNCHPROF_EXIT_AFTER=later is not one of firstFrame, active, fullyDrawn, resumed; the launch will not end early."
            ),
            (
                "LAUNCHPROF_SAMPLER", "perf",
                "LAUNCHPROF_SAMPLER=perf is not one of ptrace, signal, none; signal is used."
            ),
            (
                "LAUNCHPROF_STALL_MS", "0",
                "LAUNCHPROF_STALL_MS=0 is not a positive number of milliseconds; 100 is used."
            ),
            (
                "LAUNCHPROF_SCENARIO", "hot",
                "LAUNCHPROF_SCENARIO=hot is not one of warm, cold, resume, background; warm is used."
            ),
            (
                "LAUNCHPROF_STALL_FD", "2",
                "LAUNCHPROF_STALL_FD=2 is not a file descriptor number above 2; stalls are sampled in-process."
            ),
        ]
    )
    func invalidValue(name: String, value: String, warning: String) {
        var warnings: [String] = []
        let decoded = ProfilerEnvironment(decoding: [name: value], warnings: &warnings)
        #expect(decoded == ProfilerEnvironment())
        #expect(warnings == [warning])
    }

    @Test("an empty variable counts as not set")
    func emptyIsUnset() {
        var warnings: [String] = []
        let decoded = ProfilerEnvironment(
            decoding: ["LAUNCHPROF_TRACE": "", "LAUNCHPROF_EXIT_AFTER": ""], warnings: &warnings)
        #expect(decoded == ProfilerEnvironment())
        #expect(warnings.isEmpty)
    }

    @Test("each scenario has its default exit point")
    func scenarioExitPoints() {
        #expect(Scenario.warm.defaultExitPoint == .active)
        #expect(Scenario.cold.defaultExitPoint == .active)
        #expect(Scenario.resume.defaultExitPoint == .resumed)
    }
}

@Suite("StallMessage")
struct StallMessageTests {
    @Test("start and end round-trip through their line")
    func roundTrip() throws {
        let messages: [StallMessage] = [
            .start(startNs: 1_000_000_123, callStateAddress: 0x7f00_dead_beef, threadID: 4242, intervalNs: 10_000_000),
            .end(startNs: 1_000_000_123, endNs: 1_250_000_000),
        ]
        for message in messages {
            let line = message.line
            #expect(line.hasSuffix("\n"))
            #expect(StallMessage(line: line.dropLast()) == message)
        }
        #expect(messages[1].line == "stallEnd 1000000123 1250000000\n")
    }

    @Test(
        "lines that are not messages are rejected",
        arguments: ["", "stallStart 1 2", "stallEnd x 2", "stallStart 1 2 0 5", "phase 1 binaryLoad"])
    func rejects(line: String) {
        #expect(StallMessage(line: line[...]) == nil)
    }
}
