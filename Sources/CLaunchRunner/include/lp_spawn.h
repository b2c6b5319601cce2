// Starting a launch: the child is cloned sharing the runner's memory (no copy of its page
// tables for exec to tear down), waits at a gate until the runner has set up what must exist
// before exec (perf events on the child's main thread), then execs. Between clone and exec the
// child makes raw system calls only.
#ifndef LP_SPAWN_H
#define LP_SPAWN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What to start and how.
typedef struct lp_spawn_request {
    const char *path;            // the executable
    char *const *argv;           // NULL-terminated
    char *const *envp;           // NULL-terminated
    char *clock_digits;          // 20 characters inside an envp entry the child fills with the
                                 // release clock reading (zero-padded), or NULL
    const char *stdout_path;     // created or truncated
    const char *stderr_path;     // created or truncated
    const int *inherited_fds;    // descriptors the child keeps open across exec
    int32_t inherited_count;
    int32_t new_process_group;   // 1: the child leads a process group of its own
    const uint64_t *cpu_mask;    // the CPUs the child runs on (sched_setaffinity), bit n%64 of
    int32_t cpu_mask_words;      // word n/64 for CPU n; 0 words: wherever the kernel puts it
} lp_spawn_request;

/// A child waiting at the gate.
typedef struct lp_spawned {
    pid_t pid;
    int gate_fd;     // the runner writes the clock reading here to release the child
    int status_fd;   // EOF when exec succeeded; an errno when it failed
    int64_t exec_done_ns;   // CLOCK_MONOTONIC when the runner saw the status pipe close (exec done)
    int32_t exec_errno;     // a vforked child's failure (it has no status pipe), else 0
    void *child_stack;      // the child's stack and arguments (lp_spawn_release_stack gives it back)
    size_t child_stack_size;
} lp_spawned;

/// A launch made ready before its time (lp_spawn_stage): the child's descriptors open, the
/// gate and status pipes made, its stack mapped with its arguments, the signals it resets
/// listed. Creating the child from it is one clock reading and a clone.
typedef struct lp_spawn_staged {
    void *args;          // the child's arguments (at the start of `mapping`, or allocated)
    void *mapping;       // the child's stack, or NULL (the child is then forked)
    size_t size;
    int stdio[3];
    int gate[2];
    int status[2];
    int ready;
} lp_spawn_staged;
/// Makes everything ready for a child of `request` (`ungated`: it will exec without waiting at
/// the gate); the request's strings must outlive the staging. Returns 0, or an errno (nothing
/// left open).
int lp_spawn_stage(const lp_spawn_request *request, int ungated, lp_spawn_staged *staged);
/// Releases a staging that was never started (its descriptors closed, its stack unmapped).
void lp_spawn_unstage(lp_spawn_staged *staged);
/// lp_spawn_gated from a staging made with `ungated` 0; the staging is consumed either way.
int lp_spawn_staged_gated(lp_spawn_staged *staged, lp_spawned *spawned);
/// lp_spawn_now from a staging made with `ungated` 1; the staging is consumed either way.
int lp_spawn_staged_now(lp_spawn_staged *staged, lp_spawned *spawned, int64_t *start_ns, int32_t *exec_errno);
/// Starts a child and returns once it waits at the gate, its descriptors prepared. Returns 0,
/// or an errno when clone, a pipe or the child's preparation (its output files) failed.
int lp_spawn_gated(const lp_spawn_request *request, lp_spawned *spawned);

/// Releases the child: reads CLOCK_MONOTONIC, hands it to the child (which writes it into
/// `clock_digits`) and waits until exec has happened. Returns the clock reading; `exec_errno`
/// is 0 when exec succeeded, else its errno (the child has then exited with status 127).
/// The child's stack stays mapped (unmapping it would cost the launch a TLB shootdown):
/// call lp_spawn_release_stack after the launch.
int64_t lp_spawn_release(lp_spawned *spawned, int32_t *exec_errno);

/// Starts a child with no gate, as `posix_spawn` does (a measurement launch: nothing to set up
/// before its exec), and waits until exec has happened. `start_ns` is CLOCK_MONOTONIC just
/// before the child is created, so the time from it is what `hyperfine` times for a command.
/// Returns 0, or an errno when clone, a pipe or the child's preparation failed (the child
/// reaped); `exec_errno` is as for lp_spawn_release.
int lp_spawn_now(const lp_spawn_request *request, lp_spawned *spawned, int64_t *start_ns, int32_t *exec_errno);

/// Gives back the stack the child ran on before exec (once it has exec'd or been reaped), kept
/// for the next launch.
void lp_spawn_release_stack(lp_spawned *spawned);

/// Ends a child that never passed the gate (kills and reaps it).
void lp_spawn_abandon(lp_spawned *spawned);

/// Keeps thread `tid` (0: the calling one) on the CPUs of `mask` (bit n%64 of word n/64 for
/// CPU n). Returns 0, or an errno.
int lp_set_thread_affinity(pid_t tid, const uint64_t *mask, int32_t words);

#ifdef __cplusplus
}
#endif
#endif
