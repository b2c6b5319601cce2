import Foundation

/// Which main-thread instruments a launch runs with, and their thresholds.
public struct InstrumentSettings: Sendable, Equatable {
    /// How stalls are sampled.
    public enum Sampler: String, Sendable, CaseIterable {
        /// The runner samples the main thread from outside with ptrace (the default): no signal
        /// reaches the app, sleeping calls are restarted transparently.
        case ptrace
        /// The app samples itself with a signal (the standalone fallback; can cut sleeps short).
        case signal
        /// Stalls are timed without stacks.
        case none
    }

    /// The blocking-call tracer to preload (`libLaunchPreload.so`), or nil for none.
    public var preloadLibrary: String?
    /// How stalls are sampled.
    public var sampler: Sampler
    /// Stall threshold in milliseconds (`LAUNCHPROF_STALL_MS`), nil for the app's default (100).
    public var stallMs: Int?
    /// Interval between samples in a stall (`LAUNCHPROF_SAMPLE_MS`), nil for the default (10).
    public var sampleMs: Int?
    /// The tracer's threshold (`LAUNCHPROF_BLOCKING_MS`), nil for the default (1).
    public var blockingMs: Double?
    /// Whether launches get a whole-launch profile from perf events.
    public var profile: WholeLaunchProfileMode = .perf
    /// The whole-launch profile's on-CPU sampling rate, in samples per second of CPU time.
    public var profileRateHz: Int = InstrumentSettings.defaultProfileRateHz

    /// The default on-CPU sampling rate (see Benchmarks/README.md for how it was chosen).
    public static let defaultProfileRateHz = 1000

    /// Creates settings.
    public init(preloadLibrary: String? = nil, sampler: Sampler = .ptrace, stallMs: Int? = nil, sampleMs: Int? = nil, blockingMs: Double? = nil) {
        self.preloadLibrary = preloadLibrary
        self.sampler = sampler
        self.stallMs = stallMs
        self.sampleMs = sampleMs
        self.blockingMs = blockingMs
    }

    /// The name of the tracer library.
    public static let preloadLibraryName = "libLaunchPreload.so"

    /// `libLaunchPreload.so` beside `executable` (by default the running program), if it exists.
    public static func preloadLibrary(besideExecutable executable: String? = nil) -> String? {
        let exe = executable.map { URL(filePath: $0) } ?? URL(filePath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = exe.deletingLastPathComponent().appendingPathComponent(preloadLibraryName).path
        return FileManager.default.isReadableFile(atPath: candidate) ? candidate : nil
    }

    /// Why the whole-launch profile will not run although it was asked for, or nil.
    var profileUnavailableReason: String? { profile == .perf ? PerfAvailability.unavailableReason : nil }

    /// Whether the runner opens perf events on each launch.
    var usesPerfProfile: Bool { profile == .perf && PerfAvailability.unavailableReason == nil }

    /// The stall sampler the app runs: none under the whole-launch profile (it sees every stall
    /// from outside, with no signal and no ptrace stop), the configured one otherwise.
    var effectiveSampler: Sampler { usesPerfProfile ? .none : sampler }

    /// The environment the app gets for these settings (without the stall socket).
    func environment(inheriting current: [String: String]) -> [String: String] {
        var environment: [String: String] = [:]
        if let preloadLibrary {
            let existing = current["LD_PRELOAD"].map { $0.isEmpty ? "" : ":" + $0 } ?? ""
            environment["LD_PRELOAD"] = preloadLibrary + existing
            // Swift's crash backtracer, run inside a crashing process whose libc calls the tracer
            // interposes, can hang instead of ending it (seen under heavy load: 3 crashes in 12).
            // A crash must be reported as a crash: with the tracer, the runtime's backtrace is
            // off unless the user configured it. The crash's signal, its last phase and the
            // runtime's fatal-error message are still reported.
            if current["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        }
        environment["LAUNCHPROF_SAMPLER"] = effectiveSampler.rawValue
        if let stallMs { environment["LAUNCHPROF_STALL_MS"] = String(stallMs) }
        if let sampleMs { environment["LAUNCHPROF_SAMPLE_MS"] = String(sampleMs) }
        if let blockingMs { environment["LAUNCHPROF_BLOCKING_MS"] = String(blockingMs) }
        return environment
    }
}
