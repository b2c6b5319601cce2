import LaunchTrace

/// What happened before `main` over a scenario's launches: the median of each part and of each
/// object's loading and initializers, in load order, and the advice that applies, each with the
/// time it would remove.
package struct PreMainSummary: Codable, Sendable, Equatable {
    /// Launches whose breakdowns give the parts, each object's loading and initializers: the
    /// pre-main launches without relocation marks (all of them when every one was marked).
    package var launches: Int
    /// Launches besides those of ``launches`` that timed each object's relocation with a mark
    /// (every second pre-main launch), from which only the objects' relocation is taken: the
    /// marks lengthen their loading. Nil without any (or when every launch was marked).
    package var markedLaunches: Int?
    /// Median launch start to `main`.
    package var totalNs: Double
    /// Median of each part, in launch order: exec, loader start-up, loading, relocation,
    /// initializers, between initializers, unattributed.
    package var parts: [PreMainPart]
    /// Median share of the time to `main` that the named parts cover.
    package var coverage: Double
    /// Every object in load order (the executable first), with its medians.
    package var libraries: [PreMainLibrary]
    /// What would shorten the time before `main`, largest saving first.
    package var advice: [PreMainAdvice]
    /// How much longer the pre-main launches (the loader's audit module alone) took than the
    /// measurement launches of the same run, median against median: what the breakdown cost
    /// (a program's measurement launches count its process creation too, about 0.1 ms, which the
    /// gated pre-main launches leave out). Nil without measurement launches.
    package var instrumentCostNs: Double?

    /// Creates a summary.
    package init(
        launches: Int, totalNs: Double, parts: [PreMainPart], coverage: Double, libraries: [PreMainLibrary],
        advice: [PreMainAdvice]
    ) {
        self.launches = launches
        self.totalNs = totalNs
        self.parts = parts
        self.coverage = coverage
        self.libraries = libraries
        self.advice = advice
    }
}

/// One part of the time before `main`, with its median.
package struct PreMainPart: Codable, Sendable, Equatable {
    /// A part of the time to `main`, in launch order (docs/premain.md).
    package enum Name: String, Codable, Sendable, CaseIterable {
        /// The kernel's exec.
        case exec
        /// The loader's own start-up.
        case loaderStartup
        /// Programs that exec'd the next before the one that reached `main`.
        case earlierPrograms
        /// Mapping every object.
        case loading
        /// Symbol resolution and relocation.
        case relocation
        /// Every initializer.
        case initializers
        /// The loader's work between the initializers.
        case betweenInitializers
        /// Outside the timed initializers when some could not be wrapped.
        case unattributed

        /// The part's name for people (`loader start-up`).
        package var words: String {
            switch self {
            case .loaderStartup: "loader start-up"
            case .earlierPrograms: "earlier programs"
            case .betweenInitializers: "between initializers"
            default: rawValue
            }
        }
    }

    /// The part.
    package var name: Name
    /// Median wall time.
    package var medianNs: Double
    /// Median main-thread CPU time in it, when the breakdown read the CPU clock.
    package var medianCpuNs: Double?

    /// Creates a part.
    package init(name: Name, medianNs: Double, medianCpuNs: Double? = nil) {
        self.name = name
        self.medianNs = medianNs
        self.medianCpuNs = medianCpuNs
    }
}

/// One object the loader mapped, with its medians over the launches.
package struct PreMainLibrary: Codable, Sendable, Equatable {
    /// The file name.
    package var name: String
    /// The path.
    package var path: String
    /// Where it comes from, which decides the advice that fits it.
    package var origin: PreMainOrigin
    /// The bytes its segments span.
    package var mappedBytes: Int64
    /// Median time to map it.
    package var loadNs: Double
    /// Median wall time of its initializers.
    package var initializersNs: Double
    /// Median main-thread CPU time of its initializers.
    package var initializersCpuNs: Double
    /// Its initializers that took longest (median), at most three, slowest first.
    package var slowestInitializers: [PreMainFunction]
    /// True when the executable depends on it directly but binds none of its symbols (the
    /// loader's own check, ``LaunchTrace/PreMainBreakdown/unusedLibraries``); nil when that was
    /// not checked or it is used.
    package var unused: Bool?
    /// Its relocation: the counts by kind from its ELF file, the lookups, and its estimated
    /// share of the timed relocation; nil when its file could not be read (the vDSO).
    package var relocation: PreMainRelocation?

    /// Creates a library.
    package init(
        name: String, path: String, origin: PreMainOrigin, mappedBytes: Int64, loadNs: Double,
        initializersNs: Double, initializersCpuNs: Double, slowestInitializers: [PreMainFunction]
    ) {
        self.name = name
        self.path = path
        self.origin = origin
        self.mappedBytes = mappedBytes
        self.loadNs = loadNs
        self.initializersNs = initializersNs
        self.initializersCpuNs = initializersCpuNs
        self.slowestInitializers = slowestInitializers
    }
}

/// Where an object comes from.
package enum PreMainOrigin: String, Codable, Sendable {
    /// The program's executable.
    case executable
    /// The Swift runtime or Foundation, as shared libraries (`libswiftCore.so`,
    /// `libFoundation.so`, `lib_FoundationICU.so`, `libdispatch.so`, …).
    case swiftRuntime
    /// The system's (the C library, the loader, the vDSO, anything under `/lib` or `/usr/lib`).
    case system
    /// Any other library: the program's own or one it ships with.
    case program
    /// LaunchProfiler's own blocking-call tracer (`libLaunchPreload.so`), preloaded in profiled
    /// launches: not the program's.
    case instrument
}

/// One initializer function, with its median cost.
package struct PreMainFunction: Codable, Sendable, Equatable {
    /// Its name when the object's symbols have it, else its address (`0x1a2b`).
    package var function: String
    /// Median wall time.
    package var medianNs: Double
    /// Median main-thread CPU time.
    package var medianCpuNs: Double

    /// Creates a function.
    package init(function: String, medianNs: Double, medianCpuNs: Double) {
        self.function = function
        self.medianNs = medianNs
        self.medianCpuNs = medianCpuNs
    }

    /// Whether it was mostly off the CPU (waiting: a sleep, I/O, a lock).
    package var isMostlyBlocked: Bool { medianCpuNs < medianNs / 2 }
}

/// Something that would shorten the time before `main`, with what it would remove.
package struct PreMainAdvice: Codable, Sendable, Equatable {
    /// What kind of change it is.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// Link the Swift runtime and Foundation statically.
        case staticSwiftRuntime
        /// Import FoundationEssentials instead of Foundation (no ICU).
        case foundationEssentials
        /// A library's (or the executable's) initializer is slow.
        case slowInitializer
        /// The command is a wrapper that execs the real program: start that directly.
        case execChain
        /// Libraries the executable links but binds no symbol of.
        case unusedLibrary
        /// A position-independent executable's relative relocations: link it as a fixed-address
        /// (non-PIE) executable.
        case nonPIEExecutable
        /// Many relative relocations in `.rela.dyn`: pack them (`DT_RELR`).
        case packRelativeRelocations
        /// Lookups of an object's own exported symbols: bind them inside it (`-Bsymbolic`) or
        /// export fewer.
        case fewerExportedSymbols
        /// PLT slots bound before `main` (`-z now`): bind them lazily.
        case lazyBinding
    }

    /// What kind of change it is.
    package var kind: Kind
    /// The median time it would remove, as measured (the objects' loading and initializers).
    package var savingNs: Double
    /// The objects it concerns.
    package var libraries: [String]
    /// What was measured and what to do, in whole sentences.
    package var message: String
    /// The command or code change, when there is one.
    package var change: String?
    /// Whether ``savingNs`` is a lower bound: the change also shrinks a part that is not
    /// counted (relocation, for static linking).
    package var savingIsLowerBound: Bool
    /// Whether ``savingNs`` is estimated (apportioned from relocation counts, not timed), and
    /// how to measure it; nil for a saving that was measured.
    package var estimate: String?
    /// The saving as measured, when launchprof built the change and compared the builds
    /// (`launchprof run --package` or `--build`); nil otherwise.
    package var measured: MeasuredSaving?
    /// Why the change was not measured though asked for (the alternative did not build, or
    /// did not launch), in a whole sentence; nil otherwise.
    package var notMeasured: String?

    /// Creates advice.
    package init(
        kind: Kind, savingNs: Double, libraries: [String], message: String, change: String?,
        savingIsLowerBound: Bool = false, estimate: String? = nil
    ) {
        self.kind = kind
        self.savingNs = savingNs
        self.libraries = libraries
        self.message = message
        self.change = change
        self.savingIsLowerBound = savingIsLowerBound
        self.estimate = estimate
    }
}
