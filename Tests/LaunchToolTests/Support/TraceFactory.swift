import LaunchRunner
import LaunchTool
import LaunchTrace

/// Builds synthetic launch traces for tests.
enum TraceFactory {
    static let machine = MachineInfo(
        cpuModel: "Test CPU", logicalCores: 2, kernel: "6.0.0-test", memoryBytes: 8_000_000_000, hostname: "testhost")

    /// A trace whose phases have the given durations in milliseconds (in `LaunchPhase` order;
    /// fewer durations mean the launch stopped early). Each phase's thread state splits its
    /// wall time into 60 % on CPU, 10 % runnable and 30 % blocked.
    static func trace(
        phasesMs: [Double] = [120, 2, 1, 3, 5, 0, 180, 90, 10],
        scenario: Scenario = .warm, runIndex: Int? = 1,
        spans: [(String, Double)] = [], marks: [Mark] = [],
        peakMemory: Int64 = 52_000_000, overheadNs: Int64 = 40_000,
        fullDisplayNs: Int64? = nil
    ) -> LaunchTrace {
        var phases: [PhaseRecord] = []
        var start: Int64 = 0
        for (phase, ms) in zip(PhaseName.uikit, phasesMs) {
            let wall = Int64(ms * 1_000_000)
            let state = ThreadState(
                wallNs: wall, onCpuNs: wall * 6 / 10, runnableNs: wall / 10,
                minorFaults: 100, majorFaults: 1, voluntarySwitches: 3, involuntarySwitches: 1
            )
            phases.append(PhaseRecord(phase: phase, startNs: start, durationNs: wall, threadState: state))
            start += wall
        }
        let firstFrame = phases.first { $0.phase == .firstVisibleWindow }?.endNs
        let active = phases.first { $0.phase == .didBecomeActive }?.endNs
        var spanRecords: [Span] = []
        var spanStart: Int64 = 1_000
        for (name, ms) in spans {
            let duration = Int64(ms * 1_000_000)
            spanRecords.append(
                Span(
                    name: name, phase: .didFinishLaunching, startNs: spanStart, durationNs: duration, depth: 0,
                    parent: nil, onMainThread: true))
            spanStart += duration
        }
        return LaunchTrace(
            app: AppInfo(name: "SampleApp", executablePath: "/apps/SampleApp", interface: .code, infoPlistPath: nil),
            pid: 4242, mainThreadID: 4242, scenario: scenario, runIndex: runIndex, machine: machine,
            clock: LaunchClockInfo(launchStartNs: 1_000_000_000, startSource: .spawn, startResolutionNs: 1),
            phases: phases, spans: spanRecords, marks: marks,
            totals: LaunchTotals(
                timeToFirstFrameNs: firstFrame, timeToActiveNs: active, timeToFullDisplayNs: fullDisplayNs),
            memory: MemoryInfo(peakResidentBytes: peakMemory, residentBytes: peakMemory - 1_000_000),
            ending: LaunchEnding(reason: .exitAfterActive, atNs: active ?? start),
            profiler: ProfilerInfo(
                version: "test", mainThreadNs: overheadNs, recordedEvents: 20, instruments: ["phases", "threadState"])
        )
    }

    /// A run of `count` completed warm launches whose first-frame time varies deterministically
    /// around `baseMs` (±`jitterMs`), plus the given failed launches.
    static func run(
        count: Int, didFinishMs: Double = 180, jitterMs: Double = 4, scenario: Scenario = .warm,
        failed: [LaunchRecord.Outcome] = []
    ) -> (records: [LaunchRecord], traces: [LaunchTrace]) {
        var records: [LaunchRecord] = []
        var traces: [LaunchTrace] = []
        let pattern: [Double] = [0, 0.5, -0.5, 1, -1, 0.25, -0.25, 0.75, -0.75, 0.1]
        for i in 0..<count {
            let jitter = pattern[i % pattern.count] * jitterMs + Double(i / pattern.count) * 0.01
            let trace = trace(
                phasesMs: [120, 2, 1, 3, 5, 0, didFinishMs + jitter, 90, 10], scenario: scenario, runIndex: i + 1)
            traces.append(trace)
            records.append(
                LaunchRecord(
                    index: i + 1, scenario: scenario, outcome: .completed, exitStatus: 0,
                    wallNs: trace.totals.timeToActiveNs! + 5_000_000,
                    traceFile: String(format: "run-%03d.trace.json", i + 1)))
        }
        for (offset, outcome) in failed.enumerated() {
            records.append(
                LaunchRecord(
                    index: count + offset + 1, scenario: scenario, outcome: outcome,
                    signal: outcome == .crashed ? 11 : nil,
                    wallNs: 50_000_000, message: "The app \(outcome.rawValue)."))
        }
        return (records, traces)
    }

    static let info = RunInfoFactory.info
}

enum RunInfoFactory {
    static let info = RunInfo(
        appPath: "/apps/SampleApp", scenario: .warm, runs: 20, warmup: 2, date: "2025-01-31T09:12:00Z")
}
