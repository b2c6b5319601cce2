#define _GNU_SOURCE
#include "lp_interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static volatile sig_atomic_t lp_caught_signal = 0;
static volatile sig_atomic_t lp_active_group = 0;
static int lp_pipe[2] = {-1, -1};
static struct sigaction lp_previous_fatal[NSIG];

// Async-signal-safe: records the first signal and wakes the poll.
static void lp_on_interrupt(int sig) {
    int saved = errno;
    if (lp_caught_signal == 0) lp_caught_signal = sig;
    if (lp_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(lp_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

// Async-signal-safe: launchprof itself crashed; the launch must not outlive it.
static void lp_on_fatal(int sig) {
    pid_t group = (pid_t)lp_active_group;
    if (group > 0) kill(-group, SIGKILL);
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
    const int fatal[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE};
    for (unsigned i = 0; i < sizeof fatal / sizeof *fatal; i++) {
        int failed = lp_install(fatal[i], lp_on_fatal, &lp_previous_fatal[fatal[i]]);
        if (failed) return failed;
    }
    return 0;
}

int lp_interrupt_fd(void) { return lp_pipe[0]; }

int lp_interrupt_signal(void) { return (int)lp_caught_signal; }

void lp_interrupt_set_active_group(pid_t group) { lp_active_group = (sig_atomic_t)group; }
