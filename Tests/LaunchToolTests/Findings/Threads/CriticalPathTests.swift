import LaunchTrace
import Testing

@testable import LaunchTool

/// The critical path through deterministic every-thread timelines: which thread's work a
/// launch waited for, and which work ran beside it unwaited.
@Suite("Critical path")
struct CriticalPathTests {
    static let ms: Int64 = 1_000_000
    static let main: Int32 = 100

    /// A profile of the given threads (the main thread first) and off-CPU intervals.
    static func profile(
        threads: [ProfileThread], off: [(thread: Int32, from: Int64, to: Int64, preempted: Bool)]
    ) -> LaunchProfile {
        let samples = off.map {
            ProfileSample(
                startNs: $0.from * ms, durationNs: ($0.to - $0.from) * ms, state: $0.preempted ? .runnable : .blocked,
                stack: nil, thread: $0.thread == main ? nil : $0.thread)
        }
        return LaunchProfile(
            source: .perf, samplePeriodNs: ms, offCPUStacks: true, stacks: [], samples: samples, images: [],
            threads: threads)
    }

    static func thread(_ id: Int32, from: Int64, to: Int64? = nil) -> ProfileThread {
        ProfileThread(id: id, process: main, parent: main, startNs: from * ms, endNs: to.map { $0 * ms })
    }

    static let mainThread = ProfileThread(id: main, process: main)

    @Test("a main thread joining a worker waits for the worker's work, from the moment the main thread started it")
    func joinedWorker() {
        let profile = Self.profile(
            threads: [Self.mainThread, Self.thread(7, from: 1, to: 101)],
            off: [(Self.main, 2, 101, false)])
        let path = CriticalPath(profile: profile, endNs: 102 * Self.ms) { _ in true }
        #expect(path.endThread == Self.main)
        #expect(path.timeNs(of: 7, .running) == 100 * Self.ms)
        // [0, 1] before it started the worker, [101, 102] after.
        #expect(path.timeNs(of: Self.main, .running) == 2 * Self.ms)
        #expect(path.timeNs(of: Self.main, .waiting) == 99 * Self.ms)
        #expect(path.segments.first { $0.state == .waiting }?.waitedFor == 7)
    }

    @Test("a sleep after the wait is the launch's blocked time: no thread ended it")
    func sleepAfterAwait() {
        let profile = Self.profile(
            threads: [Self.mainThread, Self.thread(7, from: 1, to: 31)],
            off: [(Self.main, 2, 31, false), (Self.main, 32, 72, false)])
        let path = CriticalPath(profile: profile, endNs: 73 * Self.ms) { $0.startNs != 32 * Self.ms }
        #expect(path.timeNs(of: Self.main, .blocked) == 40 * Self.ms)
        #expect(path.timeNs(of: 7, .running) == 30 * Self.ms)
    }

    @Test("work on a thread the launch never waited for is not on the path")
    func backgroundThread() {
        let profile = Self.profile(threads: [Self.mainThread, Self.thread(8, from: 1)], off: [])
        let path = CriticalPath(profile: profile, endNs: 40 * Self.ms) { _ in true }
        #expect(path.endThread == Self.main)
        #expect(path.timeNs(of: 8, .running) == 0)
        #expect(path.timeNs(of: Self.main, .running) == 40 * Self.ms)
    }

    @Test("of two threads running when a wait ended, the one that stopped right after is the waker")
    func wakerStopsSoonest() {
        let profile = Self.profile(
            threads: [Self.mainThread, Self.thread(7, from: 1, to: 50), Self.thread(8, from: 1)],
            off: [(Self.main, 2, 50, false)])
        let path = CriticalPath(profile: profile, endNs: 60 * Self.ms) { _ in true }
        #expect(path.segments.first { $0.state == .waiting }?.waitedFor == 7)
        #expect(path.timeNs(of: 8, .running) == 0)
    }

    @Test("a launch that ends on another thread (an async main's continuation) is walked from that thread")
    func endsOnAnotherThread() {
        // The main thread parks at 3 ms for good; thread 9 runs the program from then on.
        let profile = Self.profile(
            threads: [Self.mainThread, Self.thread(9, from: 2)],
            off: [(Self.main, 3, 80, false), (9, 10, 20, false)])
        let path = CriticalPath(profile: profile, endNs: 80 * Self.ms) { _ in false }
        #expect(path.endThread == 9)
        #expect(path.timeNs(of: 9, .blocked) == 10 * Self.ms)
        #expect(path.timeNs(of: 9, .running) == 68 * Self.ms)
        #expect(path.timeNs(of: Self.main, .running) == 2 * Self.ms)
    }

    @Test("waiting for a CPU is runnable time, charged to no one")
    func preempted() {
        let profile = Self.profile(threads: [Self.mainThread], off: [(Self.main, 5, 9, true)])
        let path = CriticalPath(profile: profile, endNs: 10 * Self.ms) { _ in true }
        #expect(path.timeNs(of: Self.main, .runnable) == 4 * Self.ms)
        #expect(path.timeNs(of: Self.main, .running) == 6 * Self.ms)
    }
}
