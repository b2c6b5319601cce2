#if canImport(Glibc)
    import Glibc
#endif

extension ProfilerEnvironment {
    /// The names of the environment variables, one per field of ``ProfilerEnvironment``.
    /// The C side (libLaunchPreload.so) reads ``trace`` and ``blockingMs`` with the same spellings.
    package enum Variable: String, Sendable, CaseIterable {
        /// ``ProfilerEnvironment/tracePath``.
        case trace = "LAUNCHPROF_TRACE"
        /// ``ProfilerEnvironment/spawnNs``.
        case spawnNs = "LAUNCHPROF_SPAWN_NS"
        /// ``ProfilerEnvironment/exitAfter``.
        case exitAfter = "LAUNCHPROF_EXIT_AFTER"
        /// ``ProfilerEnvironment/scenario``.
        case scenario = "LAUNCHPROF_SCENARIO"
        /// ``ProfilerEnvironment/runIndex``.
        case runIndex = "LAUNCHPROF_RUN_INDEX"
        /// ``ProfilerEnvironment/eventFD``.
        case eventFD = "LAUNCHPROF_EVENT_FD"
        /// ``ProfilerEnvironment/stallThresholdMs``.
        case stallMs = "LAUNCHPROF_STALL_MS"
        /// ``ProfilerEnvironment/sampleIntervalMs``.
        case sampleMs = "LAUNCHPROF_SAMPLE_MS"
        /// ``ProfilerEnvironment/samplerMethod``.
        case sampler = "LAUNCHPROF_SAMPLER"
        /// ``ProfilerEnvironment/stallFD``.
        case stallFD = "LAUNCHPROF_STALL_FD"
        /// ``ProfilerEnvironment/blockingCallThresholdMs``.
        case blockingMs = "LAUNCHPROF_BLOCKING_MS"
        /// ``ProfilerEnvironment/purpose``.
        case purpose = "LAUNCHPROF_PURPOSE"
        /// ``ProfilerEnvironment/relocationMarks`` (libLaunchAudit.so reads it: `lp_env.h`).
        case relocationMarks = "LAUNCHPROF_RELOCATION_MARKS"

        /// The prefix every variable shares; the runner does not pass its own on to the app.
        package static let prefix = "LAUNCHPROF_"

        /// The profiler's variables in this process's environment, read one by one with
        /// `getenv`: a probe reads them before the launch's first phase, and building
        /// Foundation's whole environment dictionary (`ProcessInfo`) cost 40 to 110 µs there.
        package static func currentProcess() -> [String: String] {
            var found: [String: String] = [:]
            for variable in allCases {
                if let value = getenv(variable.rawValue) { found[variable.rawValue] = String(cString: value) }
            }
            return found
        }

        /// The assignment `NAME=value` as it appears in a process environment block.
        package func assignment(_ value: String) -> String {
            "\(rawValue)=\(value)"
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// The value of a profiler variable in an environment dictionary.
    package subscript(variable: ProfilerEnvironment.Variable) -> String? {
        get { self[variable.rawValue] }
        set { self[variable.rawValue] = newValue }
    }
}
