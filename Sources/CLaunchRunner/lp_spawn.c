#define _GNU_SOURCE
#include "lp_spawn_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// How the child is made: clone(CLONE_VM) onto a stack of its own, sharing the runner's memory
// until it execs, like posix_spawn but, for a gated child, without suspending the runner (which
// opens perf events on the child while it waits at the gate); an ungated one (a measurement launch) is
// created with CLONE_VFORK as posix_spawn's is. A fork would copy the runner's page tables, and the
// child's exec would then spend time proportional to the runner's size tearing them down:
// measured as part of the launch (Benchmarks/scripts/spawn-cost.c: with a 30 MB parent,
// `git --version` took 2.8 to 5.1 ms from the gate forked, 1.9 ms cloned). Sharing
// memory means the child must not touch it: between clone and exec it makes raw system calls
// only (no errno, no glibc state, no signal handler of the runner's can run: signals are blocked
// across clone and reset to their defaults in the child before they are unblocked). The runner
// opens the child's standard descriptors and lists the signals it handles before the child is
// created, so the child's own preparation is a few system calls: for a measurement launch, timed from
// just before the clone like hyperfine's, it is part of the measured time.

static int64_t lp_spawn_clock_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// In the runner: copies what the child needs next to its stack.
static void lp_child_fill(lp_child_args *args, const lp_spawn_request *request, int ungated, const int gate[2], const int status[2]) {
    args->path = request->path;
    args->argv = request->argv;
    args->envp = request->envp;
    args->clock_digits = request->clock_digits;
    args->handled_signals = lp_handled_signals();
    for (int32_t i = 0; i < request->inherited_count; i++) args->inherited[i] = request->inherited_fds[i];
    args->inherited_count = request->inherited_count;
    args->new_process_group = request->new_process_group;
    args->cpu_mask_words = request->cpu_mask_words < LP_MAX_CPU_WORDS ? request->cpu_mask_words : LP_MAX_CPU_WORDS;
    for (int32_t i = 0; i < args->cpu_mask_words; i++) args->cpu_mask[i] = request->cpu_mask[i];
    args->ungated = ungated;
    args->gate_fd = gate[0];
    args->status_fd = status[1];
    args->failure = 0;   // the mapping may be an earlier launch's
    args->runner_ends[0] = gate[1];
    args->runner_ends[1] = status[0];
    args->runner_pid = getpid();
}

// In the runner: starts the child with every signal blocked, on its own stack in `mapping`
// sharing memory where the architecture's raw system calls are known, else by fork.
static pid_t lp_child_start(lp_child_args *args, void *mapping, size_t size) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid;
    if (LP_SHARED_MEMORY_CHILD && mapping) {
        uintptr_t top = ((uintptr_t)mapping + size) & ~(uintptr_t)15;
        int vfork = args->status_fd < 0 ? CLONE_VFORK : 0;
        pid = clone(lp_child_main, (void *)top, CLONE_VM | vfork | SIGCHLD, args);
    } else {
        pid = fork();
        if (pid == 0) lp_child_main(args);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return pid;
}

// In the runner: waits until the child has prepared its descriptors and sits at the gate, so
// that none of its preparation, nor the wake-up of a new task on some CPU, is inside the
// measured launch. Returns 0, or the errno of the preparation that failed (the child reaped).
static int lp_spawn_await_gate(lp_spawned *spawned) {
    int32_t code = 0;
    ssize_t n;
    do { n = read(spawned->status_fd, &code, sizeof code); } while (n < 0 && errno == EINTR);
    if (n == 1) return 0;
    int failure = n == (ssize_t)sizeof code ? code : ECHILD;
    close(spawned->gate_fd);
    close(spawned->status_fd);
    spawned->gate_fd = spawned->status_fd = -1;
    int status;
    while (waitpid(spawned->pid, &status, 0) < 0 && errno == EINTR) {}
    lp_spawn_release_stack(spawned);
    return failure;
}

// The child's stack and arguments (a mapping of one size), kept for the next launch once a
// child has exec'd or been reaped: a launch then makes no mmap and no munmap, and its child
// finds the stack's pages already there.
static _Atomic(void *) lp_spare_stack = NULL;

static void *lp_take_stack(size_t size) {
    void *spare = atomic_exchange(&lp_spare_stack, NULL);
    if (spare) return spare;
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    return mapping == MAP_FAILED ? NULL : mapping;
}

static void lp_give_back_stack(void *mapping, size_t size) {
    void *expected = NULL;
    if (!atomic_compare_exchange_strong(&lp_spare_stack, &expected, mapping)) munmap(mapping, size);
}

// In the runner: everything the child needs before it is created (its descriptors, its status
// pipe and, gated, its gate, its stack with its arguments, the signals to reset), so that a launch can be made ready
// while another runs and start the moment that one ends. Returns 0 or an errno (nothing left
// behind).
int lp_spawn_stage(const lp_spawn_request *request, int ungated, lp_spawn_staged *staged) {
    memset(staged, 0, sizeof *staged);
    staged->gate[0] = staged->gate[1] = staged->status[0] = staged->status[1] = -1;
    if (request->inherited_count > LP_MAX_INHERITED) return EINVAL;
    int failure = lp_open_stdio(staged->stdio, request);
    if (failure) return failure;
    staged->ready = 1;   // from here on, lp_spawn_unstage releases what is held
    staged->size = sizeof(lp_child_args) + LP_CHILD_STACK;
    staged->mapping = lp_take_stack(staged->size);
    // An ungated child (a measurement launch) execs at once: it has no gate to wait at. Made on a
    // stack of its own, it is created with CLONE_VFORK, as posix_spawn makes its child: the
    // runner resumes when it has exec'd or exited, and a failure is written into its arguments,
    // so it needs no status pipe either (a pipe made and closed was 5 microseconds of the
    // runner's time between two launches of a short program).
    int vfork = ungated && LP_SHARED_MEMORY_CHILD && staged->mapping;
    if ((!ungated && pipe2(staged->gate, O_CLOEXEC) != 0) || (!vfork && pipe2(staged->status, O_CLOEXEC) != 0)) {
        failure = errno;
        lp_spawn_unstage(staged);
        return failure;
    }
    // Without a mapping the child is forked (its copy of the arguments is its own).
    lp_child_args *args = staged->mapping ? staged->mapping : calloc(1, sizeof(lp_child_args));
    if (!args) {
        lp_spawn_unstage(staged);
        return ENOMEM;
    }
    lp_child_fill(args, request, ungated, staged->gate, staged->status);
    memcpy(args->stdio, staged->stdio, sizeof staged->stdio);
    staged->args = args;
    return 0;
}

void lp_spawn_unstage(lp_spawn_staged *staged) {
    if (!staged->ready) return;
    lp_close_stdio(staged->stdio);
    for (int i = 0; i < 2; i++) {
        if (staged->gate[i] >= 0) close(staged->gate[i]);
        if (staged->status[i] >= 0) close(staged->status[i]);
    }
    if (staged->mapping) lp_give_back_stack(staged->mapping, staged->size);
    else free(staged->args);
    memset(staged, 0, sizeof *staged);
}

// In the runner: creates the staged child; `start_ns` is read just before. Returns 0 or an
// errno (the staging released either way, what the child needs handed to `spawned`).
static int lp_spawn_go(lp_spawn_staged *staged, lp_spawned *spawned, int64_t *start_ns) {
    if (!staged->ready) return EINVAL;
    lp_child_args *args = staged->args;
    *start_ns = lp_spawn_clock_ns();
    pid_t pid = lp_child_start(args, staged->mapping, staged->size);
    int saved = errno;
    // A vforked child has exec'd or exited by now: its failure, if any, is in its arguments.
    spawned->exec_done_ns = staged->status[0] < 0 ? lp_spawn_clock_ns() : 0;
    spawned->exec_errno = staged->status[0] < 0 ? args->failure : 0;
    lp_close_stdio(staged->stdio);
    if (staged->gate[0] >= 0) close(staged->gate[0]);   // an ungated child has no gate
    if (staged->status[1] >= 0) close(staged->status[1]);
    if (!staged->mapping) free(args);
    if (pid < 0) {
        if (staged->gate[1] >= 0) close(staged->gate[1]);
        if (staged->status[0] >= 0) close(staged->status[0]);
        if (staged->mapping) lp_give_back_stack(staged->mapping, staged->size);
        memset(staged, 0, sizeof *staged);
        return saved;
    }
    spawned->pid = pid;
    spawned->gate_fd = staged->gate[1];
    spawned->status_fd = staged->status[0];
    spawned->child_stack = staged->mapping;
    spawned->child_stack_size = staged->mapping ? staged->size : 0;
    memset(staged, 0, sizeof *staged);
    return 0;
}

int lp_spawn_gated(const lp_spawn_request *request, lp_spawned *spawned) {
    lp_spawn_staged staged;
    int failure = lp_spawn_stage(request, 0, &staged);
    return failure ? failure : lp_spawn_staged_gated(&staged, spawned);
}

// In the runner: reads the status pipe until exec (end of file) or a failure (an errno).
static void lp_spawn_await_exec(lp_spawned *spawned, int32_t *exec_errno) {
    if (spawned->status_fd < 0) {   // vforked: lp_spawn_go has read both
        *exec_errno = spawned->exec_errno;
        return;
    }
    int32_t code = 0;
    ssize_t n;
    do { n = read(spawned->status_fd, &code, sizeof code); } while (n < 0 && errno == EINTR);
    spawned->exec_done_ns = lp_spawn_clock_ns();
    if (n == (ssize_t)sizeof code) {
        // Exec failed: the child closes the pipe when it exits, off its stack.
        int32_t more;
        while (read(spawned->status_fd, &more, sizeof more) < 0 && errno == EINTR) {}
    }
    close(spawned->status_fd);
    spawned->status_fd = -1;
    *exec_errno = n == (ssize_t)sizeof code ? code : 0;
}

int lp_spawn_now(const lp_spawn_request *request, lp_spawned *spawned, int64_t *start_ns, int32_t *exec_errno) {
    lp_spawn_staged staged;
    int failure = lp_spawn_stage(request, 1, &staged);
    return failure ? failure : lp_spawn_staged_now(&staged, spawned, start_ns, exec_errno);
}

int lp_spawn_staged_gated(lp_spawn_staged *staged, lp_spawned *spawned) {
    int64_t ignored;
    int failure = lp_spawn_go(staged, spawned, &ignored);
    return failure ? failure : lp_spawn_await_gate(spawned);
}

int lp_spawn_staged_now(lp_spawn_staged *staged, lp_spawned *spawned, int64_t *start_ns, int32_t *exec_errno) {
    int failure = lp_spawn_go(staged, spawned, start_ns);
    if (failure) return failure;
    if (spawned->gate_fd >= 0) close(spawned->gate_fd);
    spawned->gate_fd = -1;
    lp_spawn_await_exec(spawned, exec_errno);
    return 0;
}

void lp_spawn_release_stack(lp_spawned *spawned) {
    if (spawned->child_stack) lp_give_back_stack(spawned->child_stack, spawned->child_stack_size);
    spawned->child_stack = NULL;
}

int64_t lp_spawn_release(lp_spawned *spawned, int32_t *exec_errno) {
    int64_t now = lp_spawn_clock_ns();
    ssize_t ignored = write(spawned->gate_fd, &now, sizeof now);
    (void)ignored;
    close(spawned->gate_fd);
    spawned->gate_fd = -1;
    lp_spawn_await_exec(spawned, exec_errno);
    return now;
}

void lp_spawn_abandon(lp_spawned *spawned) {
    if (spawned->gate_fd >= 0) close(spawned->gate_fd);
    if (spawned->status_fd >= 0) close(spawned->status_fd);
    spawned->gate_fd = spawned->status_fd = -1;
    kill(spawned->pid, SIGKILL);
    int status;
    while (waitpid(spawned->pid, &status, 0) < 0 && errno == EINTR) {}
    lp_spawn_release_stack(spawned);
}

int lp_set_thread_affinity(pid_t tid, const uint64_t *mask, int32_t words) {
    return syscall(SYS_sched_setaffinity, tid, (size_t)words * 8, mask) == 0 ? 0 : errno;
}
