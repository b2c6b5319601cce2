/// Where a profiled launch stops and what it records, read from the environment the
/// runner sets (`LAUNCHPROF_*`).
///
/// | variable | meaning |
/// |---|---|
/// | `LAUNCHPROF_TRACE` | where to write the trace; without it the profiler records nothing |
/// | `LAUNCHPROF_SPAWN_NS` | `CLOCK_MONOTONIC` nanoseconds read just before spawn: the start of `binaryLoad` |
/// | `LAUNCHPROF_EXIT_AFTER` | `firstFrame`, `active`, `fullyDrawn` or `resumed`: exit with status 0 after that point |
/// | `LAUNCHPROF_SCENARIO` | scenario name recorded in the trace (default `warm`) |
/// | `LAUNCHPROF_RUN_INDEX` | index of the launch within a run, recorded in the trace |
/// | `LAUNCHPROF_EVENT_FD` | a socket the runner reads progress events from (``LaunchTrace/ProbeEvent``) |
/// | `LAUNCHPROF_STALL_MS` | stall threshold for the stall sampler, in milliseconds |
/// | `LAUNCHPROF_SAMPLE_MS` | interval between stack samples during a stall (default 10) |
/// | `LAUNCHPROF_SAMPLER` | `ptrace` (the runner samples from outside; needs `LAUNCHPROF_STALL_FD`), `signal` (in-process fallback, the default) or `none` |
/// | `LAUNCHPROF_STALL_FD` | a socket the probe sends `stallStart`/`stallEnd` lines on, for the runner's ptrace sampler |
/// | `LAUNCHPROF_BLOCKING_MS` | threshold of the preloaded blocking-call tracer (read by libLaunchPreload.so) |
public struct LaunchConfiguration: Sendable, Equatable {
    /// A point in the launch after which a profiled launch ends.
    public enum ExitPoint: String, Sendable, CaseIterable {
        /// After the first frame is committed.
        case firstFrame
        /// After `applicationDidBecomeActive(_:)` returns.
        case active
        /// After the app calls `reportFullyDrawn()`.
        case fullyDrawn
        /// After the app came back from the background and became active again
        /// (the `resume` scenario).
        case resumed
    }

    /// Where to write the trace; `nil` turns recording off.
    public var tracePath: String?
    /// The runner's `CLOCK_MONOTONIC` reading just before spawn, in nanoseconds.
    public var spawnNs: Int64?
    /// Where the launch ends, if it should.
    public var exitAfter: ExitPoint?
    /// Scenario name recorded in the trace.
    public var scenario: String
    /// Index of the launch within a run.
    public var runIndex: Int?
    /// Stall threshold in milliseconds.
    public var stallThresholdMs: Int
    /// File descriptor of the runner's event socket, if any.
    public var eventFD: Int32?
    /// How the stall sampler takes stacks.
    public enum SamplerMethod: String, Sendable, CaseIterable {
        /// The runner samples from outside with ptrace; the probe tells it when a stall starts and ends.
        case ptrace
        /// A signal to the main thread (the standalone fallback).
        case signal
        /// Stalls are detected and timed, without stacks.
        case none
    }
    /// How stalls are sampled (`LAUNCHPROF_SAMPLER`); `ptrace` needs ``stallFD``.
    public var samplerMethod: SamplerMethod = .signal
    /// Interval between samples during a stall, in milliseconds (`LAUNCHPROF_SAMPLE_MS`).
    public var sampleIntervalMs: Int = 10
    /// File descriptor of the runner's stall socket (`LAUNCHPROF_STALL_FD`), if any.
    public var stallFD: Int32?
    /// Problems found in the environment, as sentences; they are printed once to
    /// standard error and the offending variable is ignored.
    public var warnings: [String]

    /// Creates a configuration.
    public init(
        tracePath: String? = nil, spawnNs: Int64? = nil, exitAfter: ExitPoint? = nil,
        scenario: String = "warm", runIndex: Int? = nil, stallThresholdMs: Int = 100, warnings: [String] = []
    ) {
        self.tracePath = tracePath
        self.spawnNs = spawnNs
        self.exitAfter = exitAfter
        self.scenario = scenario
        self.runIndex = runIndex
        self.stallThresholdMs = stallThresholdMs
        self.warnings = warnings
    }

    /// Whether the profiler records anything.
    public var isRecording: Bool { tracePath != nil }

    /// Reads the configuration from environment variables. Invalid values are ignored
    /// with a warning rather than changing what the app does.
    ///
    /// ```swift
    /// let configuration = LaunchConfiguration(environment: ["LAUNCHPROF_EXIT_AFTER": "firstFrame"])
    /// // configuration.exitAfter == .firstFrame
    /// ```
    public init(environment: [String: String]) {
        self.init()
        if let path = environment["LAUNCHPROF_TRACE"], !path.isEmpty {
            tracePath = path
        }
        if let raw = environment["LAUNCHPROF_SPAWN_NS"] {
            if let value = Int64(raw), value > 0 {
                spawnNs = value
            } else {
                warnings.append("LAUNCHPROF_SPAWN_NS=\(raw) is not a positive integer count of nanoseconds; the process start time is used instead.")
            }
        }
        if let raw = environment["LAUNCHPROF_EXIT_AFTER"], !raw.isEmpty {
            if let point = ExitPoint(rawValue: raw) {
                exitAfter = point
            } else {
                let valid = ExitPoint.allCases.map(\.rawValue).joined(separator: ", ")
                warnings.append("LAUNCHPROF_EXIT_AFTER=\(raw) is not one of \(valid); the launch will not end early.")
            }
        }
        if let raw = environment["LAUNCHPROF_SCENARIO"], !raw.isEmpty {
            scenario = raw
        }
        if let raw = environment["LAUNCHPROF_RUN_INDEX"] {
            if let value = Int(raw), value >= 0 {
                runIndex = value
            } else {
                warnings.append("LAUNCHPROF_RUN_INDEX=\(raw) is not a non-negative integer; it is ignored.")
            }
        }
        if let raw = environment["LAUNCHPROF_EVENT_FD"], !raw.isEmpty {
            if let value = Int32(raw), value > 2 {
                eventFD = value
            } else {
                warnings.append("LAUNCHPROF_EVENT_FD=\(raw) is not a file descriptor number above 2; no progress events are sent.")
            }
        }
        if let raw = environment["LAUNCHPROF_STALL_MS"] {
            if let value = Int(raw), value > 0 {
                stallThresholdMs = value
            } else {
                warnings.append("LAUNCHPROF_STALL_MS=\(raw) is not a positive number of milliseconds; 100 is used.")
            }
        }
        if let raw = environment["LAUNCHPROF_SAMPLE_MS"] {
            if let value = Int(raw), value > 0 {
                sampleIntervalMs = value
            } else {
                warnings.append("LAUNCHPROF_SAMPLE_MS=\(raw) is not a positive number of milliseconds; 10 is used.")
            }
        }
        if let raw = environment["LAUNCHPROF_STALL_FD"], !raw.isEmpty {
            if let value = Int32(raw), value > 2 {
                stallFD = value
            } else {
                warnings.append("LAUNCHPROF_STALL_FD=\(raw) is not a file descriptor number above 2; stalls are sampled in-process.")
            }
        }
        if let raw = environment["LAUNCHPROF_SAMPLER"], !raw.isEmpty {
            if let method = SamplerMethod(rawValue: raw) {
                samplerMethod = method
            } else {
                warnings.append("LAUNCHPROF_SAMPLER=\(raw) is not one of ptrace, signal, none; signal is used.")
            }
        }
        if samplerMethod == .ptrace, stallFD == nil {
            samplerMethod = .signal
        }
    }
}
