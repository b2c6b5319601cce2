import Foundation
import LaunchTrace

/// Which main-thread instruments a launch runs with, and their thresholds.
package struct InstrumentSettings: Sendable, Equatable {
    /// The blocking-call tracer to preload (`libLaunchPreload.so`), or nil for none.
    package var preloadLibrary: String?
    /// The loader's audit module that times what happens before `main` (`libLaunchAudit.so`,
    /// given as `LD_AUDIT`), or nil for none.
    package var auditLibrary: String?
    /// How stalls are sampled: ``LaunchTrace/SamplerMethod/ptrace`` (the runner's default: no
    /// signal reaches the app, sleeping calls are restarted transparently) or the others.
    package var sampler: SamplerMethod
    /// Stall threshold in milliseconds (`LAUNCHPROF_STALL_MS`), nil for the app's default (100).
    package var stallMs: Int?
    /// Interval between samples in a stall (`LAUNCHPROF_SAMPLE_MS`), nil for the default (10).
    package var sampleMs: Int?
    /// The tracer's threshold (`LAUNCHPROF_BLOCKING_MS`), nil for the default (1).
    package var blockingMs: Double?
    /// Whether launches get a whole-launch profile from perf events.
    package var profile: WholeLaunchProfileMode = .perf
    /// The whole-launch profile's on-CPU sampling rate, in samples per second of CPU time: the
    /// rate of every launch, or with ``adaptiveProfileRate`` the first launch's.
    package var profileRateHz: Int = InstrumentSettings.defaultProfileRateHz
    /// Whether each launch's rate follows from the CPU time of the launch before it
    /// (``ProfileRate``), so that a short launch gets enough samples to rank its functions.
    package var adaptiveProfileRate = false

    /// The default on-CPU sampling rate (see Benchmarks/README.md for how it was chosen).
    package static let defaultProfileRateHz = 250

    /// Creates settings.
    package init(
        preloadLibrary: String? = nil, auditLibrary: String? = nil, sampler: SamplerMethod = .ptrace,
        stallMs: Int? = nil, sampleMs: Int? = nil, blockingMs: Double? = nil
    ) {
        self.preloadLibrary = preloadLibrary
        self.auditLibrary = auditLibrary
        self.sampler = sampler
        self.stallMs = stallMs
        self.sampleMs = sampleMs
        self.blockingMs = blockingMs
    }

    /// The name of the tracer library.
    package static let preloadLibraryName = "libLaunchPreload.so"

    /// The name of the pre-main audit module.
    package static let auditLibraryName = "libLaunchAudit.so"

    /// The resource bundle `swift build` puts the audit module in (built like the tracer).
    package static let auditBundleName = "LaunchProfiler_CLaunchAudit.resources"

    /// The resource bundle `swift build` puts the tracer library in, beside the products (it is
    /// built in plain C by the PreloadLibrary plugin, as a resource of the CLaunchPreload target).
    package static let preloadBundleName = "LaunchProfiler_CLaunchPreload.resources"

    /// `libLaunchPreload.so` beside `executable` (by default the running program), in the
    /// build's resource bundle beside it, or in ``installedLibraryFolder``, if it exists.
    package static func preloadLibrary(besideExecutable executable: String? = nil) -> String? {
        library(preloadLibraryName, bundle: preloadBundleName, besideExecutable: executable)
    }

    /// `libLaunchAudit.so` beside `executable` (by default the running program), in the
    /// build's resource bundle beside it, or in ``installedLibraryFolder``, if it exists.
    package static func auditLibrary(besideExecutable executable: String? = nil) -> String? {
        library(auditLibraryName, bundle: auditBundleName, besideExecutable: executable)
    }

    /// The folder of the installed layout, relative to the executable's folder: `/usr/bin/launchprof`
    /// finds its libraries in `/usr/lib/launchprof`, and so does a copy of that tree unpacked anywhere.
    package static let installedLibraryFolder = "../lib/launchprof"

    private static func library(_ name: String, bundle: String, besideExecutable executable: String?) -> String? {
        let exe = executable.map { URL(filePath: $0) } ?? URL(filePath: "/proc/self/exe").resolvingSymlinksInPath()
        let folder = exe.deletingLastPathComponent()
        let folders = [
            folder, folder.appendingPathComponent(bundle),
            folder.appendingPathComponent(installedLibraryFolder).standardizedFileURL,
        ]
        let candidates = folders.map { $0.appendingPathComponent(name).path }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Why the whole-launch profile will not run although it was asked for, or nil.
    var profileUnavailableReason: String? { profile == .perf ? PerfAvailability.unavailableReason : nil }

    /// Whether the runner opens perf events on each launch.
    var usesPerfProfile: Bool { profile == .perf && PerfAvailability.unavailableReason == nil }

    /// The stall sampler the app runs: none under the whole-launch profile (it sees every stall
    /// from outside, with no signal and no ptrace stop), the configured one otherwise.
    var effectiveSampler: SamplerMethod { usesPerfProfile ? .none : sampler }

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
        if let auditLibrary {
            let existing = current["LD_AUDIT"].map { $0.isEmpty ? "" : ":" + $0 } ?? ""
            environment["LD_AUDIT"] = auditLibrary + existing
        }
        environment.merge(profilerEnvironment.encode()) { _, new in new }
        return environment
    }

    /// The profiler settings these instruments pass to the app.
    var profilerEnvironment: ProfilerEnvironment {
        ProfilerEnvironment(
            stallThresholdMs: stallMs, sampleIntervalMs: sampleMs, samplerMethod: effectiveSampler,
            blockingCallThresholdMs: blockingMs
        )
    }
}
