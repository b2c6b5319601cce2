/// Every setting the runner passes to a profiled app, typed: the contract behind the
/// `LAUNCHPROF_*` environment variables (names in ``Variable``).
///
/// The runner builds a value and sets ``encode()``'s variables on the child; the app reads
/// them back with ``init(decoding:warnings:)``. A field is `nil` when its variable is not
/// set; the app then uses the default (``defaultScenario``, ``defaultStallThresholdMs``, …).
///
/// ```swift
/// let sent = ProfilerEnvironment(tracePath: "/tmp/t.json", exitAfter: .active, scenario: .warm)
/// var warnings: [String] = []
/// let received = ProfilerEnvironment(decoding: sent.encode(), warnings: &warnings)
/// // received == sent, warnings.isEmpty
/// ```
package struct ProfilerEnvironment: Sendable, Equatable {
    /// Where to write the trace (`LAUNCHPROF_TRACE`); `nil` turns recording off.
    package var tracePath: String?
    /// The runner's `CLOCK_MONOTONIC` reading just before spawn, in nanoseconds
    /// (`LAUNCHPROF_SPAWN_NS`): the start of `binaryLoad`.
    package var spawnNs: Int64?
    /// Where the launch ends, if it should (`LAUNCHPROF_EXIT_AFTER`).
    package var exitAfter: ExitPoint?
    /// The scenario recorded in the trace (`LAUNCHPROF_SCENARIO`).
    package var scenario: Scenario?
    /// Index of the launch within a run (`LAUNCHPROF_RUN_INDEX`).
    package var runIndex: Int?
    /// The socket the runner reads progress events (``ProbeEvent``) from (`LAUNCHPROF_EVENT_FD`).
    package var eventFD: Int32?
    /// Stall threshold in milliseconds (`LAUNCHPROF_STALL_MS`).
    package var stallThresholdMs: Int?
    /// Interval between stack samples during a stall, in milliseconds (`LAUNCHPROF_SAMPLE_MS`).
    package var sampleIntervalMs: Int?
    /// How stalls are sampled (`LAUNCHPROF_SAMPLER`); ``SamplerMethod/ptrace`` needs ``stallFD``.
    package var samplerMethod: SamplerMethod?
    /// The socket the probe sends ``StallMessage`` lines on, for the runner's ptrace sampler
    /// (`LAUNCHPROF_STALL_FD`).
    package var stallFD: Int32?
    /// Threshold of the preloaded blocking-call tracer in milliseconds (`LAUNCHPROF_BLOCKING_MS`,
    /// read by libLaunchPreload.so).
    package var blockingCallThresholdMs: Double?
    /// What the launch is for (`LAUNCHPROF_PURPOSE`); a measurement launch starts no main-thread
    /// instruments. Not set: a diagnosis launch.
    package var purpose: LaunchKind?
    /// Whether the loader's audit module marks the end of each object's relocation
    /// (`LAUNCHPROF_RELOCATION_MARKS=1`, read by libLaunchAudit.so): set on every second pre-main
    /// launch, whose loading part the marks lengthen. Not set: no marks.
    package var relocationMarks: Bool?

    /// The scenario when ``scenario`` is not set.
    package static let defaultScenario = Scenario.warm
    /// The stall threshold when ``stallThresholdMs`` is not set.
    package static let defaultStallThresholdMs = 100
    /// The sampling interval when ``sampleIntervalMs`` is not set.
    package static let defaultSampleIntervalMs = 10
    /// The app's sampler when ``samplerMethod`` is not set (or is `ptrace` without a stall socket).
    package static let defaultSamplerMethod = SamplerMethod.signal
    /// The tracer's threshold when ``blockingCallThresholdMs`` is not set.
    package static let defaultBlockingCallThresholdMs = 1.0

    /// Creates settings; every field left `nil` is not passed.
    package init(
        tracePath: String? = nil, spawnNs: Int64? = nil, exitAfter: ExitPoint? = nil, scenario: Scenario? = nil,
        runIndex: Int? = nil, eventFD: Int32? = nil, stallThresholdMs: Int? = nil, sampleIntervalMs: Int? = nil,
        samplerMethod: SamplerMethod? = nil, stallFD: Int32? = nil, blockingCallThresholdMs: Double? = nil,
        purpose: LaunchKind? = nil, relocationMarks: Bool? = nil
    ) {
        self.purpose = purpose
        self.relocationMarks = relocationMarks
        self.tracePath = tracePath
        self.spawnNs = spawnNs
        self.exitAfter = exitAfter
        self.scenario = scenario
        self.runIndex = runIndex
        self.eventFD = eventFD
        self.stallThresholdMs = stallThresholdMs
        self.sampleIntervalMs = sampleIntervalMs
        self.samplerMethod = samplerMethod
        self.stallFD = stallFD
        self.blockingCallThresholdMs = blockingCallThresholdMs
    }
}
