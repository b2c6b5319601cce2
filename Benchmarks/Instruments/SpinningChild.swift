import CBenchSupport
import CLaunchRunner
import Glibc

/// A forked child spinning at a given stack depth, and the runner's ptrace sampler on it.
/// The child is SIGKILLed and reaped when this is released; it also dies with the benchmark
/// process (PR_SET_PDEATHSIG), so a failing run leaves none behind.
final class SpinningChild {
    /// Holds the child between a benchmark's setup and teardown.
    final class Slot: @unchecked Sendable {
        /// The child, from setup until teardown.
        var value: SpinningChild?
    }

    /// What one sample gave: frames, or why there was none.
    struct Result {
        /// Frames in the sample (0 without one).
        var frames: Int32
        /// Set when the sample failed.
        var failure: String?
    }

    /// "libunwind-ptrace", or "frame pointers" when libunwind-ptrace is missing or
    /// LAUNCHPROF_NO_LIBUNWIND is set (the choice is made once per process).
    static var unwinderName: String {
        guard let sampler = lp_remote_sampler_create(getpid()) else { return "frame pointers" }
        defer { lp_remote_sampler_destroy(sampler) }
        return lp_remote_sampler_uses_libunwind(sampler) == 1 ? "libunwind-ptrace" : "frame-pointers"
    }

    private let pid: pid_t
    private let sampler: OpaquePointer
    private let buffer = SampleBuffer()
    private var ended = false

    /// Forks the child and waits until it spins at `depth` (lp_bench_ frames below its main).
    init(depth: Int32) throws {
        pid = lp_bench_fork_spinner(depth)
        guard pid > 0 else { throw InstrumentsBenchmarkError.noChild(depth: depth) }
        guard let sampler = lp_remote_sampler_create(pid) else {
            lp_bench_kill_and_reap(pid)
            throw InstrumentsBenchmarkError.noChild(depth: depth)
        }
        self.sampler = sampler
        // Let the child reach its depth before the first sample.
        usleep(50_000)
    }

    deinit {
        lp_remote_sampler_destroy(sampler)
        if !ended { lp_bench_kill_and_reap(pid) }
    }

    /// Takes one sample of the child (attach, stop, unwind, detach).
    func sample() -> Result {
        var status: Int32 = 0
        switch lp_remote_sample(sampler, 0, buffer.pointer, &status) {
        case 1:
            return Result(frames: buffer.pointer.pointee.frame_count)
        case -2:
            ended = true
            return Result(frames: 0, failure: "the child \(pid) ended (wait status \(status))")
        default:
            return Result(frames: 0, failure: "no sample of the child \(pid)")
        }
    }
}
