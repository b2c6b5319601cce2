#define _GNU_SOURCE
#include "lp_spawn.h"

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
// opens perf events on the child while it waits at the gate); an ungated one (a timing launch) is
// created with CLONE_VFORK as posix_spawn's is. A fork would copy the runner's page tables, and the
// child's exec would then spend time proportional to the runner's size tearing them down:
// measured as part of the launch (Benchmarks/scripts/spawn-cost.c: with a 30 MB parent,
// `git --version` took 2.8 to 5.1 ms from the gate forked, 1.9 ms cloned). Sharing
// memory means the child must not touch it: between clone and exec it makes raw system calls
// only (no errno, no glibc state, no signal handler of the runner's can run: signals are blocked
// across clone and reset to their defaults in the child before they are unblocked). The runner
// opens the child's standard descriptors and lists the signals it handles before the child is
// created, so the child's own preparation is a few system calls: for a timing launch, timed from
// just before the clone like hyperfine's, it is part of the measured time.

static int64_t lp_spawn_clock_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

#if defined(__x86_64__)
static long lp_raw(long n, long a, long b, long c, long d) {
    long ret;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return ret;
}
#define LP_SHARED_MEMORY_CHILD 1
#elif defined(__aarch64__)
static long lp_raw(long n, long a, long b, long c, long d) {
    register long x8 __asm__("x8") = n;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
    return x0;
}
#define LP_SHARED_MEMORY_CHILD 1
#else
// Elsewhere the child is forked (its memory is its own), and system calls go through libc.
static long lp_raw(long n, long a, long b, long c, long d) {
    long result = syscall(n, a, b, c, d);
    return result < 0 ? -errno : result;
}
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


#ifndef SYS_close_range
#define SYS_close_range 436
#endif

// Every function below runs in the child before exec: raw system calls only.
__attribute__((noreturn)) static void lp_child_exit(int code) {
    for (;;) lp_raw(SYS_exit_group, code, 0, 0, 0);
}

__attribute__((noreturn)) static void lp_child_fail(const lp_child_args *args, long result) {
    int32_t code = (int32_t)-result;
    // A vforked child shares the runner's memory and the runner waits until it has exited.
    if (args->status_fd < 0) ((lp_child_args *)args)->failure = code;
    else lp_raw(SYS_write, args->status_fd, (long)&code, sizeof code, 0);
    lp_child_exit(127);
}

// Called with every signal blocked (as clone left them): defaults first (for the signals the
// runner handles or ignores; the others are at their default already), then unblocked.
static void lp_child_reset_signals(uint64_t handled) {
    struct { void *handler; unsigned long flags; void *restorer; unsigned long mask; } dfl = { SIG_DFL, 0, NULL, 0 };
    for (long sig = 1; sig <= 64; sig++) {
        if ((handled >> (sig - 1)) & 1) lp_raw(SYS_rt_sigaction, sig, (long)&dfl, 0, 8);
    }
    unsigned long empty = 0;
    lp_raw(SYS_rt_sigprocmask, SIG_SETMASK, (long)&empty, 0, 8);
}

// `fd` (opened by the runner, above stdio, close-on-exec) as `target`, without close-on-exec.
static long lp_child_redirect(int fd, int target) {
    long result = lp_raw(SYS_dup3, fd, target, 0, 0);
    return result < 0 ? result : 0;
}

// The app inherits stdio and the descriptors the runner names, nothing else: every other
// descriptor of the runner (open files, sockets, another thread's half-written script) is
// marked close-on-exec, so the app sees the same descriptors it would see started from a shell
// and never holds a file open for writing that another launch wants to execute (ETXTBSY).
static void lp_child_close_on_exec_above_stdio(void) {
    if (lp_raw(SYS_close_range, 3, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */, 0) == 0) return;
    struct rlimit limit;
    long highest = 65536;
    if (lp_raw(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, (long)&limit) == 0 && limit.rlim_cur < (rlim_t)highest) highest = (long)limit.rlim_cur;
    for (long fd = 3; fd < highest; fd++) {
        long flags = lp_raw(SYS_fcntl, fd, F_GETFD, 0, 0);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) lp_raw(SYS_fcntl, fd, F_SETFD, flags | FD_CLOEXEC, 0);
    }
}

static void lp_child_write_digits(char *digits, int64_t value) {
    for (int i = 19; i >= 0; i--) {
        digits[i] = (char)('0' + value % 10);
        value /= 10;
    }
}

static void lp_child_prepare(const lp_child_args *args) {
    // Without the runner's end of the gate, the child sees end-of-file if the runner gives up.
    if (args->runner_ends[0] >= 0) lp_raw(SYS_close, args->runner_ends[0], 0, 0, 0);
    if (args->runner_ends[1] >= 0) lp_raw(SYS_close, args->runner_ends[1], 0, 0, 0);
    // The launch dies with launchprof, whatever kills it (SIGKILL included): the kernel sends it
    // SIGKILL when the runner thread that started it ends. A runner already gone is checked after.
    lp_raw(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0);
    if (lp_raw(SYS_getppid, 0, 0, 0, 0) != args->runner_pid) lp_child_exit(127);
    long result;
    if (args->new_process_group && (result = lp_raw(SYS_setpgid, 0, 0, 0, 0)) < 0) lp_child_fail(args, result);
    if (args->cpu_mask_words > 0 &&
        (result = lp_raw(SYS_sched_setaffinity, 0, args->cpu_mask_words * 8, (long)args->cpu_mask, 0)) < 0)
        lp_child_fail(args, result);
    for (int target = 0; target < 3; target++) {
        if ((result = lp_child_redirect(args->stdio[target], target)) < 0) lp_child_fail(args, result);
    }
    lp_child_close_on_exec_above_stdio();
    for (int32_t i = 0; i < args->inherited_count; i++) {
        long flags = lp_raw(SYS_fcntl, args->inherited[i], F_GETFD, 0, 0);
        if (flags >= 0) lp_raw(SYS_fcntl, args->inherited[i], F_SETFD, flags & ~FD_CLOEXEC, 0);
    }
}

static int lp_child_main(void *opaque) {
    const lp_child_args *args = opaque;
    lp_child_reset_signals(args->handled_signals);
    lp_child_prepare(args);
    if (args->ungated) lp_child_fail(args, lp_raw(SYS_execve, (long)args->path, (long)args->argv, (long)args->envp, 0));
    // One byte: ready at the gate (a failure above wrote four, its errno).
    char at_gate = 1;
    lp_raw(SYS_write, args->status_fd, (long)&at_gate, 1, 0);
    int64_t released = 0;
    long n;
    do { n = lp_raw(SYS_read, args->gate_fd, (long)&released, sizeof released, 0); } while (n == -EINTR);
    if (n != (long)sizeof released) lp_child_exit(127);   // the runner gave up on this launch
    if (args->clock_digits) lp_child_write_digits(args->clock_digits, released);
    lp_child_fail(args, lp_raw(SYS_execve, (long)args->path, (long)args->argv, (long)args->envp, 0));
}

// In the runner: the signals it handles or ignores, which the child resets before exec, and
// those glibc will not show (its own, 32 and 33), reset as well; the others are at their
// default: the child makes one system call less for each. Read from the kernel's own list
// (`SigIgn` and `SigCgt` of /proc/self/status, one pread of a descriptor kept open: 11
// microseconds where 62 sigaction queries took 19, Benchmarks/scripts/signal-query-cost.c),
// at every launch, so that a disposition the runner changes later is seen; queried signal by
// signal where /proc cannot be read.
static _Atomic int lp_status_fd = -1;

static int lp_status_descriptor(void) {
    int fd = atomic_load(&lp_status_fd);
    if (fd >= 0) return fd;
    int opened = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (opened < 0) return -1;
    int expected = -1;
    if (atomic_compare_exchange_strong(&lp_status_fd, &expected, opened)) return opened;
    close(opened);   // another thread's is kept
    return expected;
}

// The hexadecimal mask after `field` (`"\nSigIgn:\t"`) in `text`; 0 in `found` when absent.
static uint64_t lp_status_mask(const char *text, const char *field, int *found) {
    const char *at = strstr(text, field);
    if (!at) { *found = 0; return 0; }
    char *end = NULL;
    uint64_t mask = strtoull(at + strlen(field), &end, 16);
    if (end == at + strlen(field)) *found = 0;
    return mask;
}

static int lp_handled_signals_from_proc(uint64_t *handled) {
    int fd = lp_status_descriptor();
    if (fd < 0) return 0;
    char text[4096];
    ssize_t n;
    do { n = pread(fd, text, sizeof text - 1, 0); } while (n < 0 && errno == EINTR);
    if (n <= 0) return 0;
    text[n] = 0;
    int found = 1;
    uint64_t mask = lp_status_mask(text, "\nSigIgn:\t", &found) | lp_status_mask(text, "\nSigCgt:\t", &found);
    if (!found) return 0;
    *handled = mask | (1ULL << 31) | (1ULL << 32);
    return 1;
}

static uint64_t lp_handled_signals(void) {
    uint64_t handled = 0;
    if (lp_handled_signals_from_proc(&handled)) return handled;
    for (int sig = 1; sig <= 64; sig++) {
        struct sigaction current;
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        if (sigaction(sig, NULL, &current) != 0 || current.sa_handler != SIG_DFL) handled |= 1ULL << (sig - 1);
    }
    return handled;
}

// In the runner: /dev/null opened once for reading and once for writing, close-on-exec and
// above the standard descriptors, or -errno. The child copies them onto its standard
// descriptors itself (three opens were 12 microseconds of the runner's time between two
// launches of a short program; a copy made and closed for each, 3 microseconds more).
static _Atomic int lp_null_fds[2] = {-1, -1};

static int lp_dev_null(int writing) {
    int fd = atomic_load(&lp_null_fds[writing]);
    if (fd >= 0) return fd;
    int opened = open("/dev/null", (writing ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
    if (opened < 0) return -errno;
    if (opened <= 2) {
        int moved = fcntl(opened, F_DUPFD_CLOEXEC, 3);
        int saved = errno;
        close(opened);
        if (moved < 0) return -saved;
        opened = moved;
    }
    int expected = -1;
    if (atomic_compare_exchange_strong(&lp_null_fds[writing], &expected, opened)) return opened;
    close(opened);   // another thread's is kept
    return expected;
}

// In the runner: `path` opened close-on-exec above the standard descriptors (so the child's
// dup3 onto 0, 1 and 2 cannot overwrite another of them), or -errno.
static int lp_open_above_stdio(const char *path, int flags) {
    // /dev/null: the runner's own descriptor, kept open, which the child copies onto 0, 1 or 2
    // (lp_close_stdio leaves it open).
    if (strcmp(path, "/dev/null") == 0) return lp_dev_null((flags & O_ACCMODE) != O_RDONLY);
    // The runner's own output (--show-output): its descriptor shared, never reopened, so that a
    // file it writes to is not truncated and its offset is the runner's.
    if (strcmp(path, "/dev/stdout") == 0 || strcmp(path, "/dev/stderr") == 0) {
        int moved = fcntl(strcmp(path, "/dev/stdout") == 0 ? STDOUT_FILENO : STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
        return moved < 0 ? -errno : moved;
    }
    int fd = open(path, flags | O_CLOEXEC, 0644);
    if (fd < 0 || fd > 2) return fd < 0 ? -errno : fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int saved = errno;
    close(fd);
    return moved < 0 ? -saved : moved;
}

// Closes what lp_open_stdio opened for one launch: not the runner's /dev/null descriptors.
static void lp_close_stdio(int stdio[3]) {
    for (int i = 0; i < 3; i++) {
        int fd = stdio[i];
        if (fd >= 0 && fd != atomic_load(&lp_null_fds[0]) && fd != atomic_load(&lp_null_fds[1])) close(fd);
    }
}

// In the runner: the child's standard input (/dev/null), output and error, opened before the
// launch's clock is read. Returns 0 or an errno (none left open).
static int lp_open_stdio(int stdio[3], const lp_spawn_request *request) {
    const char *paths[3] = {"/dev/null", request->stdout_path, request->stderr_path};
    const int flags[3] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_TRUNC};
    stdio[0] = stdio[1] = stdio[2] = -1;
    for (int i = 0; i < 3; i++) {
        stdio[i] = lp_open_above_stdio(paths[i], flags[i]);
        if (stdio[i] < 0) {
            int failure = -stdio[i];
            stdio[i] = -1;
            lp_close_stdio(stdio);
            return failure;
        }
    }
    return 0;
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
    // An ungated child (a timing launch) execs at once: it has no gate to wait at. Made on a
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
