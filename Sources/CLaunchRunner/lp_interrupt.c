#define _GNU_SOURCE
#include "lp_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t lp_caught_signal = 0;
static volatile sig_atomic_t lp_active_group = 0;
static volatile sig_atomic_t lp_continued = 0;
static int lp_pipe[2] = {-1, -1};
static struct sigaction lp_previous_fatal[NSIG];

// A SIGCONT within this many nanoseconds of the first interrupting signal is the supervisor's
// pair to it, not the end of a stop.
#define LP_CONTINUE_PAIR_NS 250000000LL

static volatile int64_t lp_continued_at_ns = 0;

static int64_t lp_signal_clock_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// Async-signal-safe: records the first signal and wakes the poll. A SIGCONT counted just before
// it is taken back (see lp_on_continue).
static void lp_on_interrupt(int sig) {
    int saved = errno;
    sig_atomic_t none = 0;
    __atomic_compare_exchange_n(&lp_caught_signal, &none, sig, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    int64_t continued_at = __atomic_exchange_n(&lp_continued_at_ns, 0, __ATOMIC_SEQ_CST);
    if (continued_at != 0 && lp_signal_clock_ns() - continued_at < LP_CONTINUE_PAIR_NS) {
        __atomic_fetch_sub(&lp_continued, 1, __ATOMIC_SEQ_CST);
    }
    if (lp_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(lp_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

// Async-signal-safe: counts the times launchprof was continued after a stop (SIGSTOP, SIGTSTP).
// A SIGCONT that comes with an interrupting signal is not a stop: `timeout` (coreutils) and other
// supervisors send SIGCONT right after SIGTERM or SIGINT, in case the process was stopped, and
// once interrupted no launch is measured any more, so a pause then costs no launch anything. The
// two may be handled in either order, by two threads at once: a SIGCONT after the interruption
// is not counted, and one counted less than LP_CONTINUE_PAIR_NS before it is taken back.
static void lp_on_continue(int sig) {
    (void)sig;
    if (__atomic_load_n(&lp_caught_signal, __ATOMIC_SEQ_CST) != 0) return;
    __atomic_fetch_add(&lp_continued, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&lp_continued_at_ns, lp_signal_clock_ns(), __ATOMIC_SEQ_CST);
    // The interruption may have been recorded meanwhile, on another thread.
    if (__atomic_load_n(&lp_caught_signal, __ATOMIC_SEQ_CST) != 0 &&
        __atomic_exchange_n(&lp_continued_at_ns, 0, __ATOMIC_SEQ_CST) != 0) {
        __atomic_fetch_sub(&lp_continued, 1, __ATOMIC_SEQ_CST);
    }
}

// Async-signal-safe, like everything the fatal handler calls: open, read, getdents64, kill,
// waitpid, nanosleep, clock_gettime. The parent of `pid` from /proc/PID/stat, or -1.
static pid_t lp_parent_of(const char *pid_text) {
    char path[48] = "/proc/";
    size_t at = 6;
    for (const char *c = pid_text; *c && at < 32; c++) path[at++] = *c;
    const char *tail = "/stat";
    for (const char *c = tail; *c; c++) path[at++] = *c;
    path[at] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = 0;
    // "PID (COMM) S PPID ...": the command may contain anything; the last ')' ends it.
    char *close_paren = NULL;
    for (char *c = text; *c; c++) if (*c == ')') close_paren = c;
    if (!close_paren || close_paren + 4 >= text + n) return -1;
    pid_t parent = 0;
    for (char *c = close_paren + 4; *c >= '0' && *c <= '9'; c++) parent = parent * 10 + (*c - '0');
    return parent;
}

static pid_t lp_decimal(const char *text) {
    pid_t value = 0;
    if (!*text) return 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || value > 100000000) return 0;
        value = value * 10 + (*c - '0');
    }
    return value;
}

// SIGKILL to every child of `self`: the launch and, launchprof being their subreaper, the
// orphans of its descendants (a `setsid` daemon included). Returns how many were signalled.
static int lp_kill_children(pid_t self) {
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[4096] __attribute__((aligned(8)));
    int killed = 0;
    long n;
    while ((n = syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < n;) {
            struct { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; } *entry = (void *)(buffer + offset);
            offset += entry->reclen;
            pid_t pid = lp_decimal(entry->name);
            if (pid > 0 && pid != self && lp_parent_of(entry->name) == self && kill(pid, SIGKILL) == 0) killed++;
        }
    }
    close(fd);
    return killed;
}

static int64_t lp_fatal_clock_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Reaps the children that died; their own children then come to launchprof (the subreaper).
static void lp_reap_for(int64_t milliseconds) {
    int64_t until = lp_fatal_clock_ms() + milliseconds;
    struct timespec pause = {0, 1000000};
    do {
        int status;
        while (waitpid(-1, &status, WNOHANG | __WALL) > 0) {}
        nanosleep(&pause, NULL);
    } while (lp_fatal_clock_ms() < until);
}

// Async-signal-safe: launchprof itself crashed; the launch must not outlive it. Its process
// group first, then every child and orphan in rounds, for at most two seconds, before the
// default action (or the handler that was there before).
static void lp_on_fatal(int sig) {
    pid_t group = (pid_t)lp_active_group;
    if (group > 0) kill(-group, SIGKILL);
    pid_t self = getpid();
    int64_t until = lp_fatal_clock_ms() + 2000;
    while (lp_kill_children(self) > 0 && lp_fatal_clock_ms() < until) lp_reap_for(20);
    sigaction(sig, &lp_previous_fatal[sig], NULL);
    raise(sig);
}

static int lp_install(int sig, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = handler == lp_on_fatal ? (SA_RESETHAND | SA_NODEFER) : SA_RESTART;
    return sigaction(sig, &action, previous) == 0 ? 0 : errno;
}

int lp_is_child_subreaper(void) {
    int value = 0;
    return prctl(PR_GET_CHILD_SUBREAPER, (unsigned long)&value, 0, 0, 0) == 0 && value != 0;
}

int lp_interrupt_install(void) {
    if (lp_pipe[0] >= 0) return 0;
    if (pipe2(lp_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return errno;
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    const int interrupting[] = {SIGINT, SIGTERM, SIGHUP};
    sigset_t unblock;
    sigemptyset(&unblock);
    for (unsigned i = 0; i < sizeof interrupting / sizeof *interrupting; i++) {
        int failed = lp_install(interrupting[i], lp_on_interrupt, NULL);
        if (failed) return failed;
        sigaddset(&unblock, interrupting[i]);
    }
    // A parent may have started launchprof with these blocked (Foundation's Process does):
    // blocked, they would stay pending and the run could not be interrupted.
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    int failed = lp_install(SIGCONT, lp_on_continue, NULL);
    if (failed) return failed;
    // Blocked by a parent too (Foundation's Process), the handler would never run.
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    const int fatal[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE};
    sigemptyset(&unblock);
    for (unsigned i = 0; i < sizeof fatal / sizeof *fatal; i++) {
        int failed = lp_install(fatal[i], lp_on_fatal, &lp_previous_fatal[fatal[i]]);
        if (failed) return failed;
        sigaddset(&unblock, fatal[i]);
    }
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    return 0;
}

int lp_interrupt_fd(void) { return lp_pipe[0]; }

int lp_interrupt_signal(void) { return (int)lp_caught_signal; }

int lp_interrupt_continued(void) { return (int)lp_continued; }

void lp_interrupt_set_active_group(pid_t group) { lp_active_group = (sig_atomic_t)group; }
