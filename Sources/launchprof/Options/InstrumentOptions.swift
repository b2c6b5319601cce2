import ArgumentParser
import Foundation
import LaunchReports
import LaunchRunner
import LaunchTrace

/// The main-thread instrument options shared by `trace` and `run`.
struct InstrumentOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: "Preload the blocking-call tracer (libLaunchPreload.so beside launchprof); on by default when it is there."
    )
    var tracer: Bool?

    @Option(help: "How stalls are sampled: from outside with ptrace (the default), in the app with a signal, or not at all.")
    var sampler: SamplerMethod = .ptrace

    @Option(help: "Stall threshold in milliseconds (LAUNCHPROF_STALL_MS; default 100).")
    var stallMs: Int?

    @Option(help: "Interval between stack samples during a stall, in milliseconds (LAUNCHPROF_SAMPLE_MS; default 10).")
    var sampleMs: Int?

    @Option(help: "Blocking calls at least this long are recorded, in milliseconds (LAUNCHPROF_BLOCKING_MS; default 1).")
    var blockingMs: Double?

    func validate() throws {
        if let stallMs, stallMs <= 0 { throw ValidationError("--stall-ms must be a positive number of milliseconds.") }
        if let sampleMs, sampleMs <= 0 { throw ValidationError("--sample-ms must be a positive number of milliseconds.") }
        if let blockingMs, blockingMs < 0 { throw ValidationError("--blocking-ms cannot be negative.") }
    }

    /// The settings, with the tracer library found beside this executable.
    func settings() throws -> InstrumentSettings {
        var library: String?
        if tracer != false {
            library = InstrumentSettings.preloadLibrary()
            if tracer == true, library == nil {
                let folder = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
                throw CLIError("--tracer needs \(InstrumentSettings.preloadLibraryName) beside launchprof (or in \(InstrumentSettings.preloadBundleName) there), in \(folder), and it is not there; build it with `swift build` or run with --no-tracer.")
            }
        }
        return InstrumentSettings(preloadLibrary: library, sampler: sampler, stallMs: stallMs, sampleMs: sampleMs, blockingMs: blockingMs)
    }
}
