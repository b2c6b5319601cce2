import LaunchTrace

/// The chain of work a launch waited for, from its end back to exec, across threads: what the
/// thread that ended the launch ran, and, whenever it waited, what it waited for.
///
/// It is built from the whole-launch profile's every-thread timeline (``CriticalPath/init(profile:endNs:isWakeable:)``):
/// perf's switch records time each thread's off-CPU intervals exactly. Walking back from the
/// launch's end on the thread that ran last, a stretch on a CPU is the launch's work; a voluntary
/// wait that another thread ended (a lock, a semaphore, a join, an `await`) continues on that
/// thread, the one on a CPU when the wait ended; a wait nothing in the program ended (a sleep,
/// a read from disk) is the launch's blocked time; a thread's first stretch continues on the
/// thread that created it. Without the scheduler's wake-up events the waker is inferred from the
/// timeline, which is exact on one CPU and a strong hint on more.
package struct CriticalPath: Sendable, Equatable {
    /// What one stretch of the path was.
    package enum State: String, Codable, Sendable, Equatable {
        /// The thread ran: its work is the launch's.
        case running
        /// The thread waited for something outside the program (a timer, the disk, a peer).
        case blocked
        /// The thread waited for a CPU.
        case runnable
        /// The thread waited for another thread (``Segment/waitedFor``), whose work is on the path instead.
        case waiting
    }

    /// One stretch of one thread on the path.
    package struct Segment: Sendable, Equatable {
        /// The thread (``ProfileThread/id``).
        package var thread: Int32
        /// Start, in nanoseconds since the launch started.
        package var startNs: Int64
        /// End, in nanoseconds since the launch started.
        package var endNs: Int64
        /// What the thread did.
        package var state: State
        /// For ``State/waiting``: the thread that ended the wait.
        package var waitedFor: Int32?

        /// Creates a segment.
        package init(thread: Int32, startNs: Int64, endNs: Int64, state: State, waitedFor: Int32? = nil) {
            self.thread = thread
            self.startNs = startNs
            self.endNs = endNs
            self.state = state
            self.waitedFor = waitedFor
        }
    }

    /// The stretches, in time order of their start. One thread's never overlap; a thread's
    /// ``State/waiting`` stretch overlaps the work of the thread it waited for.
    package private(set) var segments: [Segment]
    /// The thread the launch ended on.
    package var endThread: Int32
    /// The main thread's id in ``segments``.
    package var mainThread: Int32
    /// Each thread's segments, in time order (one thread's never overlap): the lookups below are
    /// binary searches, not a scan of the path for each of a profile's samples.
    private var byThread: [Int32: [Segment]]

    /// Creates a path from its parts.
    package init(segments: [Segment], endThread: Int32, mainThread: Int32) {
        self.segments = segments
        self.endThread = endThread
        self.mainThread = mainThread
        byThread = Dictionary(grouping: segments, by: \.thread).mapValues { $0.sorted { $0.startNs < $1.startNs } }
    }

    /// The path's parts alone decide equality (the index is made from them).
    package static func == (lhs: CriticalPath, rhs: CriticalPath) -> Bool {
        lhs.segments == rhs.segments && lhs.endThread == rhs.endThread && lhs.mainThread == rhs.mainThread
    }

    /// The segment of `thread` that contains `timeNs`, if that thread was on the path then.
    package func segment(of thread: Int32, at timeNs: Int64) -> Segment? {
        guard let own = byThread[thread] else { return nil }
        let first = own.partitioningIndex { $0.endNs >= timeNs }
        return first < own.count && own[first].startNs <= timeNs ? own[first] : nil
    }

    /// The segments of `thread` that overlap `[startNs, endNs)`, each with the overlap's length.
    package func overlaps(of thread: Int32, startNs: Int64, endNs: Int64) -> [(segment: Segment, overlapNs: Int64)] {
        guard let own = byThread[thread] else { return [] }
        var found: [(segment: Segment, overlapNs: Int64)] = []
        var index = own.partitioningIndex { $0.endNs > startNs }
        while index < own.count, own[index].startNs < endNs {
            let overlap = min(endNs, own[index].endNs) - max(startNs, own[index].startNs)
            if overlap > 0 { found.append((own[index], overlap)) }
            index += 1
        }
        return found
    }

    /// The time all threads spent on the path in `state`.
    package func totalNs(_ state: State) -> Int64 {
        segments.reduce(0) { $0 + ($1.state == state ? $1.endNs - $1.startNs : 0) }
    }

    /// The time each thread spent on the path, by state.
    package func timeNs(of thread: Int32, _ state: State) -> Int64 {
        segments.reduce(0) { $0 + ($1.thread == thread && $1.state == state ? $1.endNs - $1.startNs : 0) }
    }
}
