/// Everything measured in one launch of an app: the contract between the app
/// (which writes it through LaunchProbe) and the tool (which reads it).
///
/// Times are `Int64` nanoseconds relative to ``LaunchClockInfo/launchStartNs``.
/// The JSON form is documented field by field in the README ("Trace format").
///
/// ```swift
/// let trace = try LaunchTrace.read(from: URL(filePath: "run-001.trace.json"))
/// print(trace.totals.timeToFirstFrameNs ?? 0)
/// ```
package struct LaunchTrace: Codable, Sendable, Equatable {
    /// The schema version this library writes.
    package static let currentSchemaVersion = 1

    /// Schema version of this trace; readers reject versions they do not know.
    package var schemaVersion: Int
    /// The app that launched.
    package var app: AppInfo
    /// Process id of the launch.
    package var pid: Int32
    /// Thread id of the thread that ran the main queue.
    package var mainThreadID: Int32
    /// Scenario from `LAUNCHPROF_SCENARIO` (`warm` when the runner did not say).
    package var scenario: Scenario
    /// Index of this launch within a run, from `LAUNCHPROF_RUN_INDEX`, if the runner set it.
    package var runIndex: Int?
    /// The machine the launch ran on.
    package var machine: MachineInfo
    /// How the launch start was measured.
    package var clock: LaunchClockInfo
    /// The phases in launch order, contiguous and non-overlapping.
    package var phases: [PhaseRecord]
    /// App-measured spans, in start order.
    package var spans: [Span]
    /// Named instants, in time order.
    package var marks: [Mark]
    /// Time to first frame, to active and to full display.
    package var totals: LaunchTotals
    /// Memory use at the end of the launch.
    package var memory: MemoryInfo
    /// How the launch ended.
    package var ending: LaunchEnding
    /// The profiler's own cost and instruments.
    package var profiler: ProfilerInfo
    /// Blocking calls, stalls and stack samples of the main thread, with the image map;
    /// nil when neither the tracer nor the stall sampler ran.
    package var mainThread: MainThreadActivity?
    /// The main thread's whole launch profiled from outside by the runner, when it ran.
    package var profile: LaunchProfile?
    /// What happened between the exec and `main`, object by object, when the loader's audit
    /// module ran (profiled launches).
    package var preMain: PreMainBreakdown?
    /// The CPU time other programs used while the launch ran, by name, largest first: an
    /// estimate from `/proc` (``ProcessCPUSnapshot``), taken by the runner for profiled launches.
    package var otherProcesses: [OtherProcessCPU]?

    /// Creates a trace.
    package init(
        schemaVersion: Int = LaunchTrace.currentSchemaVersion,
        app: AppInfo, pid: Int32, mainThreadID: Int32, scenario: Scenario, runIndex: Int?,
        machine: MachineInfo, clock: LaunchClockInfo,
        phases: [PhaseRecord], spans: [Span], marks: [Mark],
        totals: LaunchTotals, memory: MemoryInfo, ending: LaunchEnding, profiler: ProfilerInfo,
        mainThread: MainThreadActivity? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.app = app
        self.pid = pid
        self.mainThreadID = mainThreadID
        self.scenario = scenario
        self.runIndex = runIndex
        self.machine = machine
        self.clock = clock
        self.phases = phases
        self.spans = spans
        self.marks = marks
        self.totals = totals
        self.memory = memory
        self.ending = ending
        self.profiler = profiler
        self.mainThread = mainThread
    }

    /// The record of `phase`, if the launch reached it.
    package func record(of phase: LaunchPhase) -> PhaseRecord? {
        phases.first { $0.phase == phase }
    }
}
