// The blocking-call tracer's internals, shared by its three files (not part of the public
// header: nothing outside libLaunchPreload.so sees these). Everything here is hidden.
#ifndef LP_PRELOAD_INTERNAL_H
#define LP_PRELOAD_INTERNAL_H

#define _GNU_SOURCE
#include "lp_env.h"
#include "lp_preload_abi.h"
#include "lp_stack.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))
#define HIDDEN __attribute__((visibility("hidden")))

// MARK: State (touched by the traced thread only, except the call state and counters)

HIDDEN extern int lp_enabled;                 // recording; cleared for good by lp_preload_stop
HIDDEN extern int64_t lp_threshold_ns;
// The traced thread holds its key in lp_thread_key; lp_trace_key is that key while recording,
// else 0. One thread-local read and one compare decide whether a call is traced.
HIDDEN extern uint32_t lp_trace_key;
HIDDEN extern __thread uint32_t lp_thread_key __attribute__((tls_model("initial-exec")));
HIDDEN extern int32_t lp_traced_tid;
HIDDEN extern uintptr_t lp_stack_lo, lp_stack_hi;   // the traced thread's stack, for the frame walk
HIDDEN extern uintptr_t lp_self_lo, lp_self_hi;     // this library's text, to drop our own frames
HIDDEN extern int lp_depth;                          // re-entrancy (signal handlers) on the traced thread
HIDDEN extern int64_t lp_intercepted, lp_recorded, lp_dropped;
HIDDEN extern int64_t lp_own_ns, lp_clock_read_ns;
HIDDEN extern lp_preload_record lp_records[LP_PRELOAD_MAX_RECORDS];
HIDDEN extern int64_t lp_record_count;
HIDDEN extern lp_preload_aggregate lp_aggregates[LP_PRELOAD_MAX_AGGREGATES];
HIDDEN extern int64_t lp_aggregate_count, lp_overflow_calls, lp_overflow_ns;
extern lp_preload_call_state lp_preload_call;

static inline int64_t lp_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// MARK: Milestones (Milestones.c)

HIDDEN void lp_milestones_init(void);
HIDDEN void lp_milestone(const char *kind);

// MARK: Real functions

// Every intercepted function: return type, name, parameter types.
#define LP_REAL_FUNCTIONS(X) \
    X(int, open, const char *, int, ...) \
    X(int, open64, const char *, int, ...) \
    X(int, openat, int, const char *, int, ...) \
    X(int, openat64, int, const char *, int, ...) \
    X(ssize_t, read, int, void *, size_t) \
    X(ssize_t, pread, int, void *, size_t, off_t) \
    X(ssize_t, pread64, int, void *, size_t, off64_t) \
    X(ssize_t, write, int, const void *, size_t) \
    X(ssize_t, pwrite, int, const void *, size_t, off_t) \
    X(ssize_t, pwrite64, int, const void *, size_t, off64_t) \
    X(int, fsync, int) \
    X(int, fdatasync, int) \
    X(int, stat, const char *, struct stat *) \
    X(int, stat64, const char *, struct stat64 *) \
    X(int, lstat, const char *, struct stat *) \
    X(int, lstat64, const char *, struct stat64 *) \
    X(int, fstat, int, struct stat *) \
    X(int, fstat64, int, struct stat64 *) \
    X(int, fstatat, int, const char *, struct stat *, int) \
    X(int, fstatat64, int, const char *, struct stat64 *, int) \
    X(int, statx, int, const char *, int, unsigned int, struct statx *) \
    X(int, connect, int, const struct sockaddr *, socklen_t) \
    X(int, accept, int, struct sockaddr *, socklen_t *) \
    X(int, accept4, int, struct sockaddr *, socklen_t *, int) \
    X(ssize_t, send, int, const void *, size_t, int) \
    X(ssize_t, sendto, int, const void *, size_t, int, const struct sockaddr *, socklen_t) \
    X(ssize_t, sendmsg, int, const struct msghdr *, int) \
    X(ssize_t, recv, int, void *, size_t, int) \
    X(ssize_t, recvfrom, int, void *, size_t, int, struct sockaddr *, socklen_t *) \
    X(ssize_t, recvmsg, int, struct msghdr *, int) \
    X(int, poll, struct pollfd *, nfds_t, int) \
    X(int, ppoll, struct pollfd *, nfds_t, const struct timespec *, const sigset_t *) \
    X(int, select, int, fd_set *, fd_set *, fd_set *, struct timeval *) \
    X(int, pselect, int, fd_set *, fd_set *, fd_set *, const struct timespec *, const sigset_t *) \
    X(int, epoll_wait, int, struct epoll_event *, int, int) \
    X(int, epoll_pwait, int, struct epoll_event *, int, int, const sigset_t *) \
    X(int, nanosleep, const struct timespec *, struct timespec *) \
    X(int, clock_nanosleep, clockid_t, int, const struct timespec *, struct timespec *) \
    X(int, usleep, useconds_t) \
    X(unsigned int, sleep, unsigned int) \
    X(int, sem_wait, sem_t *) \
    X(int, sem_timedwait, sem_t *, const struct timespec *) \
    X(int, pthread_cond_wait, pthread_cond_t *, pthread_mutex_t *) \
    X(int, pthread_cond_timedwait, pthread_cond_t *, pthread_mutex_t *, const struct timespec *) \
    X(pid_t, waitpid, pid_t, int *, int) \
    X(pid_t, wait4, pid_t, int *, int, struct rusage *)

#define REAL(name) real_##name
#define DECLARE_REAL(ret, name, ...) HIDDEN extern ret (*real_##name)(__VA_ARGS__);
#define DEFINE_REAL(ret, name, ...) HIDDEN ret (*real_##name)(__VA_ARGS__);
LP_REAL_FUNCTIONS(DECLARE_REAL)

#define RESOLVE(name)                                                        \
    do {                                                                     \
        if (__builtin_expect(real_##name == NULL, 0))                        \
            *(void **)(&real_##name) = dlsym(RTLD_NEXT, #name);              \
    } while (0)
#define RESOLVE_V(name, version)                                             \
    do {                                                                     \
        if (__builtin_expect(real_##name == NULL, 0)) {                      \
            *(void **)(&real_##name) = dlvsym(RTLD_NEXT, #name, version);    \
            if (!real_##name) *(void **)(&real_##name) = dlsym(RTLD_NEXT, #name); \
        }                                                                    \
    } while (0)
#define MISSING(name, failure)                                               \
    do {                                                                     \
        if (__builtin_expect(real_##name == NULL, 0)) { errno = ENOSYS; return failure; } \
    } while (0)

HIDDEN void lp_resolve_all(void);

// MARK: Thread check, entry and exit

/// The traced thread, while recording, not re-entered (from a signal handler). Every other
/// thread pays one thread-local read and a branch.
static inline __attribute__((always_inline)) int lp_should_trace(void) {
    uint32_t key = lp_thread_key;
    if (__builtin_expect(key == 0, 1)) return 0;
    return key == __atomic_load_n(&lp_trace_key, __ATOMIC_RELAXED) && lp_depth == 0;
}

/// Publishes "in a traced call" and waits for a sampler that is interrupting this thread.
static inline int64_t lp_enter(void) {
    lp_depth = 1;
    lp_preload_call.in_call = 1;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__builtin_expect(lp_preload_call.sampler_busy, 0)) {
        int64_t give_up = lp_now() + LP_PRELOAD_SAMPLER_WAIT_NS;
        while (lp_preload_call.sampler_busy && lp_now() < give_up) sched_yield();
    }
    int64_t start = lp_now();
    lp_preload_call.call_start_ns = start;
    lp_preload_call.call_sequence++;
    return start;
}

/// Leaves the call and returns its duration. A call at or over the threshold is recorded on
/// its own (lp_record_*), a shorter one is added to its call site's aggregate (lp_aggregate_*);
/// either ends the call (depth back to 0).
static inline int64_t lp_leave(int64_t start) {
    int64_t end = lp_now();
    lp_preload_call.in_call = 0;
    lp_intercepted++;
    return end - start;
}

/// Adds the bookkeeping after a call (recording it, or adding it to its aggregate) to the
/// tracer's own time. A recorded call's is timed; a short call's is timed one call in 64 and
/// counted 64 times, so most short calls pay no clock read for it.
static inline void lp_account(int64_t start, int64_t duration, int recorded) {
    if (recorded) {
        lp_own_ns += lp_now() - (start + duration);
    } else if ((lp_intercepted & 63) == 0) {
        lp_own_ns += 64 * (lp_now() - (start + duration));
    }
}

/// Whether a call of `duration` is recorded on its own.
static inline int lp_is_long(int64_t duration) {
    return duration >= lp_threshold_ns && lp_enabled;
}

// MARK: Recording (Recording.c; only for calls over the threshold)

HIDDEN void lp_describe_sockaddr(char *dst, size_t cap, const struct sockaddr *address, socklen_t length);
HIDDEN lp_preload_record *lp_slot(const char *function, int kind, int64_t start, int64_t duration);
HIDDEN void lp_commit(lp_preload_record *r);
HIDDEN void lp_record_fd(const char *function, int kind, int64_t start, int64_t duration, int fd, ssize_t result, int error);
HIDDEN void lp_record_path(const char *function, int64_t start, int64_t duration, const char *path, long result, int error);
HIDDEN void lp_record_text(const char *function, int kind, int64_t start, int64_t duration, const char *text, int error);
HIDDEN void lp_record_timeout(const char *function, int kind, int64_t start, int64_t duration, int64_t timeout_ns, int error);

// MARK: Aggregates (Aggregates.c; calls under the threshold)

HIDDEN void lp_aggregate_fd(const char *function, int kind, int64_t start, int64_t duration, int fd, ssize_t result);
HIDDEN void lp_aggregate_path(const char *function, int64_t start, int64_t duration, const char *path);
HIDDEN void lp_aggregate_plain(const char *function, int kind, int64_t start, int64_t duration);
HIDDEN int lp_walk(uint64_t *frames, int capacity);
HIDDEN void lp_copy(char *dst, size_t cap, const char *src);
HIDDEN int lp_describe_fd(char *dst, size_t cap, int fd);

static inline int64_t lp_ts_ns(const struct timespec *ts) {
    return ts ? (int64_t)ts->tv_sec * 1000000000LL + ts->tv_nsec : -1;
}

#endif
