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
public struct PreMainBreakdown: Codable, Sendable, Equatable {
    /// When the kernel had finished the exec (the runner's reading), when known.
    public var execEndNs: Int64?
    /// When the loader ran the audit module (`la_version`), with the thread's CPU time then.
    public var loaderStart: PreMainPoint
    /// The objects in load order: the executable, the loader, the vDSO, then the libraries.
    public var objects: [PreMainObject]
    /// When every object was mapped and relocated (`la_activity` CONSISTENT).
    public var relocated: PreMainPoint
    /// The initializers in the order they ran.
    public var initializers: [PreMainInitializer]
    /// When `main` was next (`la_preinit`).
    public var main: PreMainPoint
    /// Initializers the module could not wrap (beyond its 1,024), timed only as part of the rest.
    public var unwrappedInitializers: Int

    /// The programs that ran before this one in the launch, each exec'ing the next (a `#!`
    /// script's interpreter, a wrapper), or nil when the program ran alone.
    public var earlierPrograms: PreMainEarlierPrograms?

    /// The paths of the executable's direct dependencies that none of its symbols bind to (the
    /// dynamic loader's own check, as `ldd -u` makes it), or nil when it was not made.
    public var unusedLibraries: [String]?

    /// Creates a breakdown.
    public init(
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
public struct PreMainPoint: Codable, Sendable, Equatable {
    /// Nanoseconds after the launch start.
    public var atNs: Int64
    /// The thread's CPU time then (its CPU clock), or -1 when it could not be read.
    public var cpuNs: Int64
    /// The thread's minor page faults so far, or -1.
    public var minorFaults: Int64

    /// Creates a point.
    public init(atNs: Int64, cpuNs: Int64, minorFaults: Int64) {
        self.atNs = atNs
        self.cpuNs = cpuNs
        self.minorFaults = minorFaults
    }
}

/// One object the loader mapped.
public struct PreMainObject: Codable, Sendable, Equatable {
    /// Its path as the loader found it (the executable's is the program's path).
    public var path: String
    /// The bytes its loadable segments span.
    public var mappedBytes: Int64
    /// When the loader had mapped it (`la_objopen`).
    public var mapped: PreMainPoint
    /// When the loader had relocated it (the audit module's mark after its last relocation,
    /// nanoseconds after the launch start), or nil when it was not marked (no PLT relocations,
    /// the loader, the vDSO): its relocation is then timed with the next marked object's.
    public var relocatedNs: Int64?

    /// Creates an object.
    public init(path: String, mappedBytes: Int64, mapped: PreMainPoint) {
        self.path = path
        self.mappedBytes = mappedBytes
        self.mapped = mapped
    }

    /// The file name (`libswiftCore.so`).
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// One initializer the loader ran: a `DT_INIT_ARRAY` entry or `DT_INIT`.
public struct PreMainInitializer: Codable, Sendable, Equatable {
    /// Where the function is listed.
    public enum Kind: String, Codable, Sendable {
        /// An entry of the object's init array (C `__attribute__((constructor))`, C++ and Swift
        /// global initializers).
        case array
        /// The object's `DT_INIT` function (`_init`).
        case `init`
    }

    /// The object's index in ``PreMainBreakdown/objects``.
    public var object: Int
    /// The function's address in the object's own address space (its ELF virtual address).
    public var address: UInt64
    /// Where the function is listed.
    public var kind: Kind
    /// When it started, nanoseconds after the launch start.
    public var startNs: Int64
    /// Wall time.
    public var durationNs: Int64
    /// The main thread's CPU time in it, or -1 when it was not read: an initializer under 250 µs
    /// is not timed on the CPU clock (a system call), and counts as on a CPU.
    public var cpuNs: Int64
    /// The function's name, when the tool found it in the object's symbols.
    public var function: String?

    /// Creates an initializer.
    public init(
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
    public var onCpuNs: Int64 { cpuNs < 0 ? durationNs : min(cpuNs, durationNs) }

    /// Time off the CPU (blocked or waiting for a CPU).
    public var offCpuNs: Int64 { durationNs - onCpuNs }
}

/// The programs a launch ran before the one that reached `main` (each exec'd the next): how
/// many, and when the first one's loader started.
public struct PreMainEarlierPrograms: Codable, Sendable, Equatable {
    /// How many programs exec'd the next before the last one.
    public var count: Int
    /// When the first program's loader started (from the launch start).
    public var firstLoaderStartNs: Int64

    /// Creates the record of earlier programs.
    public init(count: Int, firstLoaderStartNs: Int64) {
        self.count = count
        self.firstLoaderStartNs = firstLoaderStartNs
    }
}
