#define _GNU_SOURCE
#include "lp_spawn_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

uint64_t lp_handled_signals(void) {
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
void lp_close_stdio(int stdio[3]) {
    for (int i = 0; i < 3; i++) {
        int fd = stdio[i];
        if (fd >= 0 && fd != atomic_load(&lp_null_fds[0]) && fd != atomic_load(&lp_null_fds[1])) close(fd);
    }
}

// In the runner: the child's standard input (/dev/null), output and error, opened before the
// launch's clock is read. Returns 0 or an errno (none left open).
int lp_open_stdio(int stdio[3], const lp_spawn_request *request) {
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
