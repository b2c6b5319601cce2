// Work that holds its thread for a length of wall time, not CPU time: on a busy machine part of
// it is spent waiting for a CPU, and the launch waits that whole length either way. Each spins
// in its own loop (see Work.swift for why the loops are written out).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// CLOCK_MONOTONIC now, in nanoseconds.
func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    guard clock_gettime(CLOCK_MONOTONIC, &now) == 0 else { return 0 }
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Appends how long a spin really took (`started` to now, in ns) to the file named by
/// `FIXTURE_SPIN_LOG`, when set: on a busy machine the last preemption can stretch a spin past
/// its deadline, and the tests hold launchprof's charge against this length, not the deadline.
func recordSpin(startedAt started: Int64) {
    guard let path = getenv("FIXTURE_SPIN_LOG"), let file = fopen(path, "a") else { return }
    fputs("\(monotonicNanoseconds() - started)\n", file)
    fclose(file)
}

/// The main thread's spin in `busy-main`: `milliseconds` of wall time.
@inline(never)
func mainSpin(milliseconds: Int) -> UInt64 {
    let started = monotonicNanoseconds()
    defer { recordSpin(startedAt: started) }
    let deadline = started + Int64(milliseconds) * 1_000_000
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    while monotonicNanoseconds() < deadline {
        var round = 0
        while round < 4_096 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}

/// The cooperative pool's spin `busy-pool` awaits: `milliseconds` of wall time.
@inline(never)
func poolSpin(milliseconds: Int) -> UInt64 {
    let started = monotonicNanoseconds()
    defer { recordSpin(startedAt: started) }
    let deadline = started + Int64(milliseconds) * 1_000_000
    var state: UInt64 = 0x9FB2_1C65_1E98_DF25
    while monotonicNanoseconds() < deadline {
        var round = 0
        while round < 4_096 {
            state = (state ^ (state &>> 29)) &* 0xBF58_476D_1CE4_E5B9
            round &+= 1
        }
    }
    return state
}
