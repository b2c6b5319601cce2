// CLaunchRunner: the runner side's C, linked into launchprof only (never into an app):
// starting a launch behind a gate, the whole-launch profile from perf events, the ptrace stall
// sampler (libunwind-ptrace loaded with dlopen, frame pointers without it) and pidfd_open.
#ifndef CLAUNCHRUNNER_H
#define CLAUNCHRUNNER_H

#include <stdint.h>
#include <sys/types.h>

#include "lp_clock.h"
#include "lp_preload_abi.h"
#include "lp_premain_abi.h"
#include "lp_sample.h"
#include "lp_spawn.h"
#include "lp_perf.h"
#include "lp_interrupt.h"
#include "lp_display.h"
#include "lp_png.h"

#ifdef __cplusplus
extern "C" {
#endif

/// pidfd_open(2): a file descriptor that becomes readable when process `pid` exits.
/// Returns -1 with errno set when the kernel lacks it.
int lp_pidfd_open(pid_t pid);

/// pidfd_getfd(2): a copy, in this process, of descriptor `targetfd` of the process behind
/// `pidfd` (close-on-exec), or -1 with errno. Used to ask a child's socket whether it listens.
int lp_pidfd_getfd(int pidfd, int targetfd);

/// The children of every thread of process `pid` (`/proc/PID/task/TID/children`), at most
/// `capacity` of them written to `children`. Returns how many, or -1 when they could not be read
/// whole (no /proc, a list longer than the buffer).
int lp_children_of(pid_t pid, pid_t *children, int capacity);

/// Whether the calling process has no child at all, in any thread, live or not yet reaped
/// (`waitid(P_ALL, …, WNOHANG | WNOWAIT)` fails with ECHILD): one system call where listing
/// the children reads a file per thread. Returns 1 or 0.
int lp_has_no_children(void);

// MARK: Remote sampler (ptrace + libunwind-ptrace, loaded with dlopen)

typedef struct lp_remote_sampler lp_remote_sampler;

/// Prepares to sample thread `tid` of a child process. Never fails: without libunwind-ptrace
/// it walks frame pointers. Free with lp_remote_sampler_destroy.
lp_remote_sampler *lp_remote_sampler_create(pid_t tid);
void lp_remote_sampler_destroy(lp_remote_sampler *sampler);
/// 1 when samples are unwound with libunwind-ptrace, 0 with frame pointers.
int lp_remote_sampler_uses_libunwind(const lp_remote_sampler *sampler);
/// Takes one sample: PTRACE_SEIZE, PTRACE_INTERRUPT, waitpid(__WALL), unwind, PTRACE_DETACH
/// (re-delivering a signal that arrived meanwhile). With `call_state_address` (the tracer's
/// lp_preload_call_state in the child) a thread inside a timed call is not stopped.
/// Returns 1 with a sample, 0 without one, -2 when the process ended (its wait status in
/// `*wait_status`; the caller must not wait for it again).
int lp_remote_sample(lp_remote_sampler *sampler, uint64_t call_state_address, lp_sample *out, int *wait_status);

#ifdef __cplusplus
}
#endif

#endif
