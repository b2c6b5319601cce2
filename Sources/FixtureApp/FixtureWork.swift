import LaunchKit
import LaunchProbe

/// The deliberately slow main-thread work FixtureApp does, in functions a profiler can name.
enum FixtureWork {
    /// Sleeps on the main thread with `nanosleep`, resuming after interruptions.
    @inline(never)
    static func sleepOnMain(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }

    /// Keeps the main thread busy computing for `milliseconds`.
    @inline(never)
    static func spinOnMain(milliseconds: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while DispatchTime.now().uptimeNanoseconds < deadline {
            for _ in 0..<1_000 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
            }
        }
        if state == 0 { print("unreachable") }
    }

    /// Keeps the main thread computing until it has used `milliseconds` of CPU time (the
    /// thread's own clock, so a busy machine does not shorten the work).
    @inline(never)
    static func burnCPU(milliseconds: Int) {
        let budget = Int64(milliseconds) * 1_000_000
        let start = threadCPUNanoseconds()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while threadCPUNanoseconds() - start < budget {
            for _ in 0..<10_000 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
            }
        }
        if state == 0 { print("unreachable") }
    }

    private static func threadCPUNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// The probe span around ``readInChunks(count:)``: the time the reads took, as the app saw it.
    static let readSpan = "fixture.reads"

    /// Reads `FIXTURE_FILE` in `count` chunks of 64 KiB with read(2), as launch code that loads a
    /// file piece by piece does, inside the ``readSpan`` span; exits with status 4 when the file
    /// is missing or too short.
    static func readInChunks(count: Int) {
        LaunchProbe.shared.measure(readSpan) { readChunks(count: count) }
    }

    @inline(never)
    private static func readChunks(count: Int) {
        guard let path = ProcessInfo.processInfo.environment["FIXTURE_FILE"] else { exit(4) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { exit(4) }
        defer { close(fd) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        for _ in 0..<count where read(fd, buffer, 65_536) != 65_536 {
            exit(4)
        }
    }

    /// Computes `millions` million xorshift steps, 30 frames deep, on the main thread.
    @inline(never)
    static func computeOnMain(millions: Int) {
        let state = descend(depth: 30, steps: millions * 1_000_000)
        if state == 0 { print("unreachable") }
    }

    @inline(never)
    private static func descend(depth: Int, steps: Int) -> UInt64 {
        if depth > 0 { return descend(depth: depth - 1, steps: steps) &+ UInt64(depth) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<steps {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return state
    }

    /// Never returns: the launch hangs in didFinishLaunching.
    @inline(never)
    static func sleepForever() -> Never {
        while true { sleep(3600) }
    }
}
