#define _GNU_SOURCE
#include "lp_spawn_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// The child shares the runner's memory until it execs (lp_spawn.c): between clone and exec it
// makes raw system calls only (no errno, no glibc state, no signal handler of the runner's can
// run: signals are blocked across clone and reset to their defaults here before they are unblocked).

#if defined(__x86_64__)
static long lp_raw(long n, long a, long b, long c, long d) {
    long ret;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return ret;
}
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
#else
// Elsewhere the child is forked (its memory is its own), and system calls go through libc.
static long lp_raw(long n, long a, long b, long c, long d) {
    long result = syscall(n, a, b, c, d);
    return result < 0 ? -errno : result;
}
#endif

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

int lp_child_main(void *opaque) {
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
