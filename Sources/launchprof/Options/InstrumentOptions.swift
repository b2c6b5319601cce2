import ArgumentParser
import Foundation
import LaunchRunner
import LaunchTool
import LaunchTrace

/// The main-thread instrument options shared by `trace` and `run`.
struct InstrumentOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help:
            "Preload the blocking-call tracer (libLaunchPreload.so beside launchprof); on by default when it is there."
    )
    var tracer: Bool?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Time what happens before main, object by object, with the loader's audit module (libLaunchAudit.so beside launchprof, given as LD_AUDIT); on by default when it is there."
    )
    var preMain: Bool?

    @Option(
        help:
            "Whole-launch profile of the main thread from perf events: perf (the default; where perf events are not permitted the stall sampler stands in and the trace says why) or off."
    )
    var profile: WholeLaunchProfileMode = .perf

    @Option(
        help:
            "On-CPU samples per second of each thread's CPU time in the whole-launch profile, for every launch (default: adaptive, about \(ProfileRate.targetSamples) samples per launch from the CPU time of the launch before, \(ProfileRate.minimumHz) to \(ProfileRate.maximumHz))."
    )
    var profileRate: Int?

    @Option(
        help:
            "How stalls are sampled without the whole-launch profile: from outside with ptrace (the default), in the app with a signal, or not at all."
    )
    var sampler: SamplerMethod = .ptrace

    @Option(help: "Stall threshold in milliseconds (LAUNCHPROF_STALL_MS; default 100).")
    var stallMs: Int?

    @Option(help: "Interval between stack samples during a stall, in milliseconds (LAUNCHPROF_SAMPLE_MS; default 10).")
    var sampleMs: Int?

    @Option(
        help: "Blocking calls at least this long are recorded, in milliseconds (LAUNCHPROF_BLOCKING_MS; default 1).")
    var blockingMs: Double?

    func validate() throws {
        let day = 86_400_000
        if let stallMs, !(1...day).contains(stallMs) {
            throw ValidationError("--stall-ms must be from 1 to \(day) milliseconds, not \(stallMs).")
        }
        if let sampleMs, !(1...day).contains(sampleMs) {
            throw ValidationError("--sample-ms must be from 1 to \(day) milliseconds, not \(sampleMs).")
        }
        if let blockingMs, !(0...Double(day)).contains(blockingMs) {
            throw ValidationError("--blocking-ms must be from 0 to \(day) milliseconds, not \(blockingMs).")
        }
        if let profileRate, !(1...10_000).contains(profileRate) {
            throw ValidationError("--profile-rate must be between 1 and 10000 samples per second, not \(profileRate).")
        }
    }

    /// The settings, with the tracer library and the audit module found beside this executable.
    func settings() throws -> InstrumentSettings {
        let library = try Self.library(
            tracer, found: InstrumentSettings.preloadLibrary(), name: InstrumentSettings.preloadLibraryName,
            bundle: InstrumentSettings.preloadBundleName, flag: "tracer")
        let audit = try Self.library(
            preMain, found: InstrumentSettings.auditLibrary(), name: InstrumentSettings.auditLibraryName,
            bundle: InstrumentSettings.auditBundleName, flag: "pre-main")
        var settings = InstrumentSettings(
            preloadLibrary: library, auditLibrary: audit, sampler: sampler, stallMs: stallMs, sampleMs: sampleMs,
            blockingMs: blockingMs)
        settings.profile = profile
        settings.profileRateHz = profileRate ?? ProfileRate.initialHz
        settings.adaptiveProfileRate = profileRate == nil
        return settings
    }
}

extension InstrumentOptions {
    /// The library `--<flag>` asks for: nil when turned off, the one found otherwise; asked for
    /// explicitly and missing is an error.
    static func library(_ wanted: Bool?, found: String?, name: String, bundle: String, flag: String) throws -> String? {
        guard wanted != false else { return nil }
        if wanted == true, found == nil {
            let folder = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
            throw CLIError(
                "--\(flag) needs \(name) beside launchprof (or in \(bundle) there, or in \(InstrumentSettings.installedLibraryFolder) from there), in \(folder), and it is not there; build it with `swift build` or run with --no-\(flag)."
            )
        }
        return found
    }
}

extension WholeLaunchProfileMode: ExpressibleByArgument {}
