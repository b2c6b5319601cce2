import Foundation
import LaunchTestSupport
import LaunchTrace

/// A program's launch with a whole-launch profile of two threads, built in the test: the
/// fixture run's first trace (its phases), without the app's main-thread activity unless given,
/// and a small profile whose addresses lie in a fixture executable and libc, so that
/// ``ImageOffsetNaming`` names them (`FixtureProgram+0x1200`).
enum WholeLaunchFixture {
    /// The program's executable.
    static let program = LoadedImage(
        path: "/opt/fixture/FixtureProgram", loadAddress: Address(0x55_0000_0000),
        textStart: Address(0x55_0000_1000), textEnd: Address(0x55_0000_9000), buildID: nil)
    /// libc, whose unnamed frames at the root are start code (trimmed).
    static let libc = LoadedImage(
        path: "/usr/lib/x86_64-linux-gnu/libc.so.6", loadAddress: Address(0x7f00_0000_0000),
        textStart: Address(0x7f00_0002_6000), textEnd: Address(0x7f00_0019_0000), buildID: nil)

    /// `FixtureProgram+0x1100`.
    static let main = Address(0x55_0000_1100)
    /// `FixtureProgram+0x1200`, called by main: the CPU work.
    static let catalogInit = Address(0x55_0000_1200)
    /// `FixtureProgram+0x1300`: the worker thread's loop.
    static let workerLoop = Address(0x55_0000_1300)
    /// `libc.so.6+0x2724a`: `__libc_start_call_main`.
    static let libcStart = Address(0x7f00_0002_724a)
    /// `libc.so.6+0x94ac3`: `start_thread`.
    static let threadStart = Address(0x7f00_0009_4ac3)
    /// `libc.so.6+0x114000`: `read`.
    static let libcRead = Address(0x7f00_0011_4000)

    /// The worker thread's kernel id.
    static let workerTID: Int32 = 4242
    /// The stacks, innermost first: main's CPU work, main blocked in read, the worker's loop.
    static let stacks: [[Address]] = [
        [catalogInit, main, libcStart], [libcRead, main, libcStart], [workerLoop, threadStart],
    ]
    /// Index of the stack of main's CPU work.
    static let cpuStack = 0
    /// Index of the stack of main blocked in read.
    static let readStack = 1
    /// Index of the stack of the worker's loop.
    static let workerStack = 2

    /// The fixture run's first launch, as the runner would read it back.
    static func baseTrace() throws -> LaunchTrace {
        try LaunchTrace.read(from: ReportFixture.runFolder.appendingPathComponent("launch-001.trace.json"))
    }

    /// The base trace with `samples` as its perf profile (or `source`'s) and `mainThread` as its
    /// main-thread activity (none: a plain program).
    static func trace(
        samples: [ProfileSample], source: ProfileSource = .perf, mainThread: MainThreadActivity? = nil
    ) throws -> LaunchTrace {
        var trace = try baseTrace()
        trace.mainThread = mainThread
        trace.profile = LaunchProfile(
            source: source, samplePeriodNs: 4_000_000, offCPUStacks: true, stacks: stacks, samples: samples,
            images: [program, libc],
            threads: [
                ProfileThread(id: trace.pid, process: trace.pid, name: "FixtureProgram"),
                ProfileThread(id: workerTID, process: trace.pid, name: "fixture-worker", parent: trace.pid),
            ])
        return trace
    }

    /// A cpu-clock sample taken at `startNs + durationNs`.
    static func onCPU(_ startNs: Int64, _ durationNs: Int64 = 4_000_000, stack: Int?, thread: Int32? = nil)
        -> ProfileSample
    {
        ProfileSample(startNs: startNs, durationNs: durationNs, state: .onCPU, stack: stack, thread: thread)
    }

    /// A blocked span.
    static func blocked(_ startNs: Int64, _ durationNs: Int64, stack: Int?, thread: Int32? = nil) -> ProfileSample {
        ProfileSample(startNs: startNs, durationNs: durationNs, state: .blocked, stack: stack, thread: thread)
    }

    /// A runnable span (waiting for a CPU).
    static func runnable(_ startNs: Int64, _ durationNs: Int64, stack: Int?, thread: Int32? = nil) -> ProfileSample {
        ProfileSample(startNs: startNs, durationNs: durationNs, state: .runnable, stack: stack, thread: thread)
    }

    /// Main-thread activity with the tracer loaded: one traced `read` of `durationNs` at
    /// `startNs` called from main, and one stall whose three samples the sampler took.
    static func tracedActivity(readAt startNs: Int64, durationNs: Int64) -> MainThreadActivity {
        let call = BlockingCall(
            function: "read", kind: .fileIO, startNs: startNs, durationNs: durationNs, phase: .didFinishLaunching,
            resource: "/opt/fixture/catalog.json", bytes: 4_096, errno: nil, stack: [main, libcStart])
        let stall = Stall(
            startNs: startNs, durationNs: 30_000_000, phase: .didFinishLaunching,
            samples: (0..<3).map {
                StackSample(
                    timeNs: startNs + 12_000_000 + Int64($0) * 2_000_000, frames: [catalogInit, main, libcStart])
            })
        return MainThreadActivity(
            images: [program, libc], blockingCalls: [call], stalls: [stall],
            tracer: TracerInfo(thresholdNs: 1_000_000, interceptedCalls: 10, recordedCalls: 1, droppedCalls: 0),
            sampler: SamplerInfo(method: .ptrace, stallThresholdMs: 20, intervalMs: 2, signalsSent: 0, samplesTaken: 3))
    }
}
