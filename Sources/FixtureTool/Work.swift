// The work FixtureTool's launches wait for: each function spins until its thread has used the
// given CPU time (CLOCK_THREAD_CPUTIME_ID, so a busy machine does not shorten it), hashing in
// its own loop so that samples land in the function itself, and returns the hash so the work
// cannot be optimised away. `settle` sleeps instead. The loops are written out in each function on
// purpose: a shared helper, even inlined, is named by the debug information's inline records, and
// the findings would name it instead of the function each test expects.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// CPU time the calling thread has used, in nanoseconds.
func threadCPUNanoseconds() -> Int64 {
    var now = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// The calling thread's CPU time once it has used `milliseconds` more of it.
func cpuDeadline(milliseconds: Int) -> Int64 {
    threadCPUNanoseconds() + Int64(milliseconds) * 1_000_000
}

/// The CPU work `async-cpu` and `sleep-after-await` await, run on Swift's cooperative pool.
@inline(never)
func crunch(milliseconds: Int) -> UInt64 {
    let deadline = cpuDeadline(milliseconds: milliseconds)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    while threadCPUNanoseconds() < deadline {
        var round = 0
        while round < 16_384 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}

/// A blocking sleep (usleep) on whichever thread runs the code after `sleep-after-await`'s await.
@inline(never)
func settle(milliseconds: Int) {
    usleep(UInt32(milliseconds) * 1000)
}

/// The CPU work of the pthread `join`'s main thread waits for.
@inline(never)
func workerCrunch(milliseconds: Int) -> UInt64 {
    let deadline = cpuDeadline(milliseconds: milliseconds)
    var state: UInt64 = 0xD1B5_4A32_D192_ED03
    while threadCPUNanoseconds() < deadline {
        var round = 0
        while round < 16_384 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}

/// The CPU work of `background`'s pthread, which the launch never waits for.
@inline(never)
func backgroundSpin(milliseconds: Int) -> UInt64 {
    let deadline = cpuDeadline(milliseconds: milliseconds)
    var state: UInt64 = 0x8CB9_2BA7_2F3D_8DD7
    while threadCPUNanoseconds() < deadline {
        var round = 0
        while round < 16_384 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}

/// The main thread's own CPU work in `background` and `cpu-main`.
@inline(never)
func mainCrunch(milliseconds: Int) -> UInt64 {
    let deadline = cpuDeadline(milliseconds: milliseconds)
    var state: UInt64 = 0xABC9_8388_FB8F_AC03
    while threadCPUNanoseconds() < deadline {
        var round = 0
        while round < 16_384 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}

/// The CPU work `server` submits to every event loop before it binds.
@inline(never)
func warmEventLoop(milliseconds: Int) -> UInt64 {
    let deadline = cpuDeadline(milliseconds: milliseconds)
    var state: UInt64 = 0x94D0_49BB_1331_11EB
    while threadCPUNanoseconds() < deadline {
        var round = 0
        while round < 16_384 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}
