import LaunchTrace

/// Where a profiled launch stops and what it records: the ``LaunchTrace/ProfilerEnvironment``
/// the runner set (`LAUNCHPROF_*`, see ``LaunchTrace/ProfilerEnvironment/Variable``), with the
/// app's defaults filled in and the warnings found while reading it.
///
/// Every field of the environment reads through (`configuration.tracePath`,
/// `configuration.exitAfter`, …); the fields with a default read as plain values here.
@dynamicMemberLookup
package struct LaunchConfiguration: Sendable, Equatable {
    /// The settings as the runner passed them.
    package var environment: ProfilerEnvironment
    /// Problems found in the environment, as sentences; they are printed once to
    /// standard error and the offending variable is ignored.
    package var warnings: [String]

    /// Creates a configuration.
    package init(
        tracePath: String? = nil, spawnNs: Int64? = nil, exitAfter: ExitPoint? = nil,
        scenario: Scenario = ProfilerEnvironment.defaultScenario, runIndex: Int? = nil,
        stallThresholdMs: Int = ProfilerEnvironment.defaultStallThresholdMs, warnings: [String] = []
    ) {
        environment = ProfilerEnvironment(
            tracePath: tracePath, spawnNs: spawnNs, exitAfter: exitAfter, scenario: scenario,
            runIndex: runIndex, stallThresholdMs: stallThresholdMs
        )
        self.warnings = warnings
    }

    /// Reads the configuration from environment variables. Invalid values are ignored
    /// with a warning rather than changing what the app does. The ptrace sampler without a
    /// stall socket falls back to the signal sampler.
    ///
    /// ```swift
    /// let configuration = LaunchConfiguration(environment: [ProfilerEnvironment.Variable.exitAfter.rawValue: "firstFrame"])
    /// // configuration.exitAfter == .firstFrame
    /// ```
    package init(environment variables: [String: String]) {
        var warnings: [String] = []
        environment = ProfilerEnvironment(decoding: variables, warnings: &warnings)
        self.warnings = warnings
        if environment.samplerMethod == .ptrace, environment.stallFD == nil {
            environment.samplerMethod = ProfilerEnvironment.defaultSamplerMethod
        }
    }

    /// A field of the environment.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<ProfilerEnvironment, Value>) -> Value {
        get { environment[keyPath: keyPath] }
        set { environment[keyPath: keyPath] = newValue }
    }

    /// Whether the profiler records anything.
    package var isRecording: Bool { environment.tracePath != nil }

    /// Whether this is a measurement launch (``LaunchKind/measurement``): no main-thread instruments.
    package var isMeasurement: Bool { environment.purpose == .measurement }

    /// The scenario recorded in the trace (`warm` unless the runner said otherwise).
    package var scenario: Scenario { environment.scenario ?? ProfilerEnvironment.defaultScenario }

    /// Stall threshold in milliseconds.
    package var stallThresholdMs: Int { environment.stallThresholdMs ?? ProfilerEnvironment.defaultStallThresholdMs }

    /// Interval between samples during a stall, in milliseconds.
    package var sampleIntervalMs: Int { environment.sampleIntervalMs ?? ProfilerEnvironment.defaultSampleIntervalMs }

    /// How stalls are sampled; `ptrace` only with a stall socket.
    package var samplerMethod: SamplerMethod { environment.samplerMethod ?? ProfilerEnvironment.defaultSamplerMethod }
}
