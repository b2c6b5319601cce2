/// One record read from a perf ring buffer, decoded into what the profile needs.
enum PerfRecord: Equatable {
    /// A sample: a cpu-clock tick, or a thread switching out (on the switch event).
    case sample(PerfSample)
    /// Thread `thread` was switched out at `timeNs`; `preempted` when it was still runnable.
    case switchOut(thread: PerfThread, timeNs: Int64, preempted: Bool)
    /// Thread `thread` was switched back in at `timeNs`.
    case switchIn(thread: PerfThread, timeNs: Int64)
    /// Thread `thread` was created by `parent` at `timeNs` (a new process when the ids differ).
    case fork(thread: PerfThread, parent: PerfThread, timeNs: Int64)
    /// Thread `thread` exited at `timeNs`.
    case exit(thread: PerfThread, timeNs: Int64)
    /// Thread `thread` took the name `name` (at exec, or `pthread_setname_np`).
    case name(thread: PerfThread, name: String, timeNs: Int64)
    /// A file was mapped executable.
    case executableMapping(start: UInt64, length: UInt64, fileOffset: UInt64, path: String)
    /// The kernel dropped `count` records.
    case lost(count: Int)
}

/// A thread in perf's records: its process and its own id.
struct PerfThread: Equatable, Hashable {
    /// The process id.
    var process: Int32
    /// The thread id.
    var id: Int32
}

/// One perf sample of one thread.
struct PerfSample: Equatable {
    /// The thread sampled.
    var thread: PerfThread
    /// CLOCK_MONOTONIC nanoseconds.
    var timeNs: Int64
    /// The sampling period (nanoseconds of CPU for cpu-clock; 1 for switches).
    var period: UInt64
    /// User call chain, innermost first, context markers removed.
    var chain: [UInt64]
    /// The user frame pointer, stack pointer and instruction pointer, when sampled.
    var registers: (bp: UInt64, sp: UInt64, ip: UInt64)?
    /// The top of the user stack (from the stack pointer up), when sampled.
    var stack: [UInt8]

    static func == (lhs: PerfSample, rhs: PerfSample) -> Bool {
        lhs.thread == rhs.thread && lhs.timeNs == rhs.timeNs && lhs.period == rhs.period && lhs.chain == rhs.chain
            && lhs.registers?.bp == rhs.registers?.bp && lhs.registers?.sp == rhs.registers?.sp
            && lhs.registers?.ip == rhs.registers?.ip && lhs.stack == rhs.stack
    }
}
