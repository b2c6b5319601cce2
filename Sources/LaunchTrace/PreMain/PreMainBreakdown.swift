/// What happened between the exec and `main`, object by object, as the dynamic loader's audit
/// module (`libLaunchAudit.so`, loaded with `LD_AUDIT` in profiled launches) timed it: when the
/// loader started, when it had mapped each object, when every object was relocated, each
/// initializer, and the hand-over to `main`. Times are nanoseconds after the launch start; CPU
/// times are the main thread's (its CPU clock), so what is not on a CPU was waited for.
///
/// ```swift
/// let breakdown = trace.preMain!
/// breakdown.objects.map(\.name)          // ["git", "libc.so.6", …]
/// breakdown.relocationNs                  // symbol resolution and relocation
/// breakdown.initializersNs(of: 3)         // one object's initializers
/// ```
package struct PreMainBreakdown: Codable, Sendable, Equatable {
    /// When the kernel had finished the exec (the runner's reading), when known.
    package var execEndNs: Int64?
    /// When the loader ran the audit module (`la_version`), with the thread's CPU time then.
    package var loaderStart: PreMainPoint
    /// The objects in load order: the executable, the loader, the vDSO, then the libraries.
    package var objects: [PreMainObject]
    /// When every object was mapped and relocated (`la_activity` CONSISTENT).
    package var relocated: PreMainPoint
    /// The initializers in the order they ran.
    package var initializers: [PreMainInitializer]
    /// When `main` was next (`la_preinit`).
    package var main: PreMainPoint
    /// Initializers the module could not wrap (beyond its 1,024), timed only as part of the rest.
    package var unwrappedInitializers: Int

    /// The programs that ran before this one in the launch, each exec'ing the next (a `#!`
    /// script's interpreter, a wrapper), or nil when the program ran alone.
    package var earlierPrograms: PreMainEarlierPrograms?

    /// The paths of the executable's direct dependencies that none of its symbols bind to (the
    /// dynamic loader's own check, as `ldd -u` makes it), or nil when it was not made.
    package var unusedLibraries: [String]?

    /// Creates a breakdown.
    package init(
        execEndNs: Int64?, loaderStart: PreMainPoint, objects: [PreMainObject], relocated: PreMainPoint,
        initializers: [PreMainInitializer], main: PreMainPoint, unwrappedInitializers: Int = 0
    ) {
        self.execEndNs = execEndNs
        self.loaderStart = loaderStart
        self.objects = objects
        self.relocated = relocated
        self.initializers = initializers
        self.main = main
        self.unwrappedInitializers = unwrappedInitializers
    }
}

/// One instant of the breakdown: when, and the main thread's CPU time and minor faults so far.
package struct PreMainPoint: Codable, Sendable, Equatable {
    /// Nanoseconds after the launch start.
    package var atNs: Int64
    /// The thread's CPU time then (its CPU clock), or -1 when it could not be read.
    package var cpuNs: Int64
    /// The thread's minor page faults so far, or -1.
    package var minorFaults: Int64

    /// Creates a point.
    package init(atNs: Int64, cpuNs: Int64, minorFaults: Int64) {
        self.atNs = atNs
        self.cpuNs = cpuNs
        self.minorFaults = minorFaults
    }
}

/// One object the loader mapped.
package struct PreMainObject: Codable, Sendable, Equatable {
    /// Its path as the loader found it (the executable's is the program's path).
    package var path: String
    /// The bytes its loadable segments span.
    package var mappedBytes: Int64
    /// When the loader had mapped it (`la_objopen`).
    package var mapped: PreMainPoint
    /// When the loader had relocated it (the audit module's mark after its last relocation,
    /// nanoseconds after the launch start), or nil when it was not marked (no PLT relocations,
    /// the loader, the vDSO): its relocation is then timed with the next marked object's.
    package var relocatedNs: Int64?

    /// Creates an object.
    package init(path: String, mappedBytes: Int64, mapped: PreMainPoint) {
        self.path = path
        self.mappedBytes = mappedBytes
        self.mapped = mapped
    }

    /// The file name (`libswiftCore.so`).
    package var name: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// One initializer the loader ran: a `DT_INIT_ARRAY` entry or `DT_INIT`.
package struct PreMainInitializer: Codable, Sendable, Equatable {
    /// Where the function is listed.
    package enum Kind: String, Codable, Sendable {
        /// An entry of the object's init array (C `__attribute__((constructor))`, C++ and Swift
        /// global initializers).
        case array
        /// The object's `DT_INIT` function (`_init`).
        case `init`
    }

    /// The object's index in ``PreMainBreakdown/objects``.
    package var object: Int
    /// The function's address in the object's own address space (its ELF virtual address).
    package var address: UInt64
    /// Where the function is listed.
    package var kind: Kind
    /// When it started, nanoseconds after the launch start.
    package var startNs: Int64
    /// Wall time.
    package var durationNs: Int64
    /// The main thread's CPU time in it, or -1 when it was not read: an initializer under 250 µs
    /// is not timed on the CPU clock (a system call), and counts as on a CPU.
    package var cpuNs: Int64
    /// The function's name, when the tool found it in the object's symbols.
    package var function: String?

    /// Creates an initializer.
    package init(
        object: Int, address: UInt64, kind: Kind, startNs: Int64, durationNs: Int64, cpuNs: Int64,
        function: String? = nil
    ) {
        self.object = object
        self.address = address
        self.kind = kind
        self.startNs = startNs
        self.durationNs = durationNs
        self.cpuNs = cpuNs
        self.function = function
    }

    /// Its CPU time, the whole of it when the CPU clock was not read (a short initializer).
    package var onCpuNs: Int64 { cpuNs < 0 ? durationNs : min(cpuNs, durationNs) }

    /// Time off the CPU (blocked or waiting for a CPU).
    package var offCpuNs: Int64 { durationNs - onCpuNs }
}

/// The programs a launch ran before the one that reached `main` (each exec'd the next): how
/// many, and when the first one's loader started.
package struct PreMainEarlierPrograms: Codable, Sendable, Equatable {
    /// How many programs exec'd the next before the last one.
    package var count: Int
    /// When the first program's loader started (from the launch start).
    package var firstLoaderStartNs: Int64

    /// Creates the record of earlier programs.
    package init(count: Int, firstLoaderStartNs: Int64) {
        self.count = count
        self.firstLoaderStartNs = firstLoaderStartNs
    }
}
