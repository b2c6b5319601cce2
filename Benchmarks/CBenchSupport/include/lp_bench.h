// Benchmark-only helpers (Benchmarks/Instruments): threads and child processes that spin at a
// given stack depth, for the samplers to sample. Nothing in the product calls them.
#ifndef LP_BENCH_H
#define LP_BENCH_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts a thread that makes itself the in-process sampler's target
/// (lp_sampler_target_current_thread) and spins `depth` frames of lp_bench_ functions deep,
/// each with a frame pointer. Returns once it spins: 0, or -1 when the thread could not be
/// created or one is already running.
int lp_bench_sampled_thread_start(int depth);
/// Stops and joins the thread of lp_bench_sampled_thread_start (no-op when none runs).
void lp_bench_sampled_thread_stop(void);

/// Forks a child that spins `depth` frames deep on its only thread, for the ptrace sampler.
/// The child dies with SIGKILL when the calling thread's process ends (PR_SET_PDEATHSIG) and
/// never returns into the caller's code. Returns its pid, or -1.
pid_t lp_bench_fork_spinner(int depth);
/// SIGKILLs `pid` and reaps it (no-op for pid <= 0).
void lp_bench_kill_and_reap(pid_t pid);

#ifdef __cplusplus
}
#endif

#endif
