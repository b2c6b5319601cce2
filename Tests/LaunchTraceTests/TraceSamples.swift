import LaunchTrace

/// A complete trace with every field set, for round trips.
enum TraceSamples {
    static let machine = MachineInfo(
        cpuModel: "Test CPU @ 2.0GHz", logicalCores: 2, kernel: "6.1.0", memoryBytes: 24 << 30, hostname: "ci")

    static func trace(ttffMs: Int64 = 120) -> LaunchTrace {
        var phases: [PhaseRecord] = []
        var start: Int64 = 0
        for phase in PhaseName.uikit {
            let duration: Int64 = phase == .didFinishLaunching ? ttffMs * 1_000_000 - 7 * 1_000_000 : 1_000_000
            phases.append(
                PhaseRecord(
                    phase: phase, startNs: start, durationNs: duration,
                    threadState: ThreadState(
                        wallNs: duration, onCpuNs: duration / 2, runnableNs: duration / 10, minorFaults: 12,
                        majorFaults: 1, voluntarySwitches: 3, involuntarySwitches: 1)
                ))
            start += duration
        }
        return LaunchTrace(
            app: AppInfo(
                name: "SampleApp", executablePath: "/apps/SampleApp", interface: .storyboard,
                infoPlistPath: "/apps/Info.plist"),
            pid: 4242, mainThreadID: 4242, scenario: .warm, runIndex: 3, machine: machine,
            clock: LaunchClockInfo(launchStartNs: 987_654_321, startSource: .spawn, startResolutionNs: 1),
            phases: phases,
            spans: [
                Span(
                    name: "catalog.load", phase: .didFinishLaunching, startNs: 6_000_000, durationNs: 40_000_000,
                    depth: 0, parent: nil, onMainThread: true)
            ],
            marks: [Mark(name: "processMain", timeNs: 3_000_000, phase: .binaryLoad)],
            totals: LaunchTotals(
                timeToFirstFrameNs: ttffMs * 1_000_000, timeToActiveNs: ttffMs * 1_000_000 + 1_000_000,
                timeToFullDisplayNs: nil),
            memory: MemoryInfo(peakResidentBytes: 40_000_000, residentBytes: 38_000_000),
            ending: LaunchEnding(reason: .exitAfterActive, atNs: ttffMs * 1_000_000 + 1_100_000),
            profiler: ProfilerInfo(
                version: "0.1.0", mainThreadNs: 41_000, recordedEvents: 12, instruments: ["phases", "threadState"])
        )
    }
}
