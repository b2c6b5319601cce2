// What the runner's spawn code shares among its three files, not part of CLaunchRunner's API:
// lp_spawn_child.c (the child's code between clone and exec: raw system calls only),
// lp_spawn_resources.c (what the runner opens and reads for each launch before the clock: the
// child's standard descriptors, the signals it resets) and lp_spawn.c (staging, clone, release).
#ifndef LP_SPAWN_INTERNAL_H
#define LP_SPAWN_INTERNAL_H

#include "lp_spawn.h"

#include <stdint.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define LP_SHARED_MEMORY_CHILD 1
#else
// Elsewhere the child is forked (its memory is its own), and system calls go through libc.
#define LP_SHARED_MEMORY_CHILD 0
#endif

enum { LP_MAX_INHERITED = 8, LP_CHILD_STACK = 64 * 1024 };

/// Everything the child reads, copied into its own mapping before clone (the runner may free
/// the request's path strings as soon as lp_spawn_gated returns).
#define LP_MAX_CPU_WORDS 16   // 1024 CPUs

typedef struct lp_child_args {
    const char *path;
    char *const *argv;
    char *const *envp;
    char *clock_digits;
    int stdio[3];                // standard input (/dev/null), output and error, opened by the runner
    uint64_t handled_signals;    // bit sig-1: the runner handles or ignores sig (reset to default)
    int inherited[LP_MAX_INHERITED];
    int32_t inherited_count;
    int32_t new_process_group;
    int32_t ungated;
    int gate_fd;
    int status_fd;        // -1 for a child created with CLONE_VFORK: its failure is written to `failure`
    int32_t failure;      // the errno of the step that failed, written by a vforked child before it exits
    int runner_ends[2];   // the runner's ends of the two pipes, closed in the child (-1: none)
    long runner_pid;      // the runner: if it is gone before the child's death signal is set, exit
    uint64_t cpu_mask[LP_MAX_CPU_WORDS];   // the CPUs the child runs on, when cpu_mask_words > 0
    int32_t cpu_mask_words;
} lp_child_args;

#define LP_HIDDEN __attribute__((visibility("hidden")))

/// The child's code from clone to exec (lp_spawn_child.c): raw system calls only.
LP_HIDDEN int lp_child_main(void *opaque);

/// The signals the runner handles or ignores, which the child resets before exec (lp_spawn_resources.c).
LP_HIDDEN uint64_t lp_handled_signals(void);

/// The child's standard input (/dev/null), output and error, opened before the launch's clock is
/// read; 0 or an errno, none left open (lp_spawn_resources.c).
LP_HIDDEN int lp_open_stdio(int stdio[3], const lp_spawn_request *request);

/// Closes what lp_open_stdio opened for one launch, not the runner's /dev/null descriptors.
LP_HIDDEN void lp_close_stdio(int stdio[3]);

#endif
