import LaunchKit

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
