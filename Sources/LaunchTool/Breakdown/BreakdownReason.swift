/// Why one interval of a launch's critical path took its time: the one reason each
/// millisecond from exec to ready has in a ``LaunchBreakdown``.
package enum BreakdownReason: String, Codable, Sendable, CaseIterable, Comparable {
    /// The kernel's exec of the program.
    case exec
    /// The loader's own start-up, before it maps the program's libraries.
    case loaderStartup
    /// Programs that ran and exec'd the next before the launched program's loader (a `#!`
    /// script's interpreter, a version manager's shim): a wrapper before the program.
    case earlierPrograms
    /// The loader mapping the program's libraries.
    case loading
    /// The loader resolving symbols and relocating.
    case relocation
    /// Static initializers, and the loader's work between them, up to `main`.
    case initializers
    /// On a CPU in the program's own code (its functions, its dependencies linked into it).
    case programCode
    /// On a CPU in a library the program called (``BreakdownInterval/detail`` names it).
    case library
    /// Runnable: ready to run, waiting for a CPU other programs held.
    case waitingForCPU
    /// Blocked reading or writing a file (in a system call: `read`, `openat`, `fsync`).
    case fileIO
    /// Blocked in a page fault, in no system call: a page of the program, a library or a mapped
    /// file read from disk (a major fault, as in a cold launch).
    case majorFault
    /// Blocked in a lock, a semaphore or a condition another thread would end.
    case lock
    /// Asleep for a set time.
    case sleep
    /// Waiting for the display server or the compositor's reply.
    case displayRoundTrip
    /// Waiting for another process over a socket, a pipe, D-Bus.
    case ipc
    /// Waiting for another thread of the program, whose work is not on the path there (the
    /// time between its wake-up call and the waiting thread running again).
    case otherThread
    /// No stack, no sample, or a stretch the path does not explain.
    case unattributed

    /// For people: `waiting for a CPU`, `on CPU in program code`.
    package var words: String {
        switch self {
        case .exec: "exec"
        case .loaderStartup: "loader start-up"
        case .earlierPrograms: "wrapper before the program"
        case .loading: "loading libraries"
        case .relocation: "relocation"
        case .initializers: "initializers"
        case .programCode: "on CPU in program code"
        case .library: "on CPU in libraries"
        case .waitingForCPU: "waiting for a CPU"
        case .fileIO: "file I/O"
        case .majorFault: "major page faults"
        case .lock: "lock"
        case .sleep: "sleep"
        case .displayRoundTrip: "display round trip"
        case .ipc: "other IPC"
        case .otherThread: "waiting for another thread"
        case .unattributed: "unattributed"
        }
    }

    /// Whether the time is before the program's `main`.
    package var isBeforeMain: Bool {
        [.exec, .loaderStartup, .earlierPrograms, .loading, .relocation, .initializers].contains(self)
    }

    /// Orders reasons as they are declared (before main first).
    package static func < (lhs: BreakdownReason, rhs: BreakdownReason) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
