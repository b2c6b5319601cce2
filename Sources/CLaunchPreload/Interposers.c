// The interposers: every blocking libc call the tracer times. Each resolves the real
// function, calls straight through unless the caller is the traced thread while recording,
// and otherwise times the call and, over the threshold, records it. errno is preserved.
#include "PreloadInternal.h"

// MARK: Interposers: files

static mode_t lp_mode(int flags, va_list args) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(args, int) : 0;
}

#define PATH_CALL(name, path, call)                                                    \
    RESOLVE(name);                                                                     \
    MISSING(name, -1);                                                                 \
    if (!lp_should_trace()) return call;                                               \
    int64_t start = lp_enter();                                                        \
    int result = call;                                                                 \
    int error = errno;                                                                 \
    int64_t duration = lp_leave(start);                                                \
    if (lp_is_long(duration)) lp_record_path(#name, start, duration, path, result, error); \
    else lp_aggregate_path(#name, start, duration, path);                              \
    errno = error;                                                                     \
    return result;

// open and openat take a mode only with O_CREAT or O_TMPFILE.
#define OPEN_LIKE(name, params, args)                                                  \
    EXPORT int name params {                                                           \
        va_list list;                                                                  \
        va_start(list, flags);                                                         \
        mode_t mode = lp_mode(flags, list);                                            \
        va_end(list);                                                                  \
        PATH_CALL(name, path, REAL(name) args)                                         \
    }
OPEN_LIKE(open, (const char *path, int flags, ...), (path, flags, mode))
OPEN_LIKE(open64, (const char *path, int flags, ...), (path, flags, mode))
OPEN_LIKE(openat, (int dirfd, const char *path, int flags, ...), (dirfd, path, flags, mode))
OPEN_LIKE(openat64, (int dirfd, const char *path, int flags, ...), (dirfd, path, flags, mode))

// A call on a file descriptor: `call` is the real call expression, `fd` names the resource.
#define FD_CALL(ret, name, kind, fd, call)                                             \
    RESOLVE(name);                                                                     \
    MISSING(name, -1);                                                                 \
    if (!lp_should_trace()) return call;                                               \
    int64_t start = lp_enter();                                                        \
    ret result = call;                                                                 \
    int error = errno;                                                                 \
    int64_t duration = lp_leave(start);                                                \
    if (lp_is_long(duration)) lp_record_fd(#name, kind, start, duration, fd, (ssize_t)result, error); \
    else lp_aggregate_fd(#name, kind, start, duration, fd, (ssize_t)result);           \
    errno = error;                                                                     \
    return result;

EXPORT ssize_t read(int fd, void *buf, size_t n) { FD_CALL(ssize_t, read, LP_KIND_FILE_IO, fd, REAL(read)(fd, buf, n)) }
EXPORT ssize_t pread(int fd, void *buf, size_t n, off_t off) { FD_CALL(ssize_t, pread, LP_KIND_FILE_IO, fd, REAL(pread)(fd, buf, n, off)) }
EXPORT ssize_t pread64(int fd, void *buf, size_t n, off64_t off) { FD_CALL(ssize_t, pread64, LP_KIND_FILE_IO, fd, REAL(pread64)(fd, buf, n, off)) }
EXPORT ssize_t write(int fd, const void *buf, size_t n) { FD_CALL(ssize_t, write, LP_KIND_FILE_IO, fd, REAL(write)(fd, buf, n)) }
EXPORT ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) { FD_CALL(ssize_t, pwrite, LP_KIND_FILE_IO, fd, REAL(pwrite)(fd, buf, n, off)) }
EXPORT ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off) { FD_CALL(ssize_t, pwrite64, LP_KIND_FILE_IO, fd, REAL(pwrite64)(fd, buf, n, off)) }
// fsync and fstat transfer nothing: their "bytes" is their 0 result, dropped by the probe
// for these functions.
EXPORT int fsync(int fd) { FD_CALL(int, fsync, LP_KIND_FILE_IO, fd, REAL(fsync)(fd)) }
EXPORT int fdatasync(int fd) { FD_CALL(int, fdatasync, LP_KIND_FILE_IO, fd, REAL(fdatasync)(fd)) }
EXPORT int fstat(int fd, struct stat *st) { FD_CALL(int, fstat, LP_KIND_FILE_IO, fd, REAL(fstat)(fd, st)) }
EXPORT int fstat64(int fd, struct stat64 *st) { FD_CALL(int, fstat64, LP_KIND_FILE_IO, fd, REAL(fstat64)(fd, st)) }

EXPORT int stat(const char *path, struct stat *st) { PATH_CALL(stat, path, REAL(stat)(path, st)) }
EXPORT int stat64(const char *path, struct stat64 *st) { PATH_CALL(stat64, path, REAL(stat64)(path, st)) }
EXPORT int lstat(const char *path, struct stat *st) { PATH_CALL(lstat, path, REAL(lstat)(path, st)) }
EXPORT int lstat64(const char *path, struct stat64 *st) { PATH_CALL(lstat64, path, REAL(lstat64)(path, st)) }
EXPORT int fstatat(int dirfd, const char *path, struct stat *st, int flags) { PATH_CALL(fstatat, path, REAL(fstatat)(dirfd, path, st, flags)) }
EXPORT int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags) { PATH_CALL(fstatat64, path, REAL(fstatat64)(dirfd, path, st, flags)) }
EXPORT int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *st) { PATH_CALL(statx, path, REAL(statx)(dirfd, path, flags, mask, st)) }

// MARK: Interposers: sockets

EXPORT int connect(int fd, const struct sockaddr *address, socklen_t length) {
    RESOLVE(connect);
    MISSING(connect, -1);
    if (!lp_should_trace()) return REAL(connect)(fd, address, length);
    int64_t start = lp_enter();
    int result = REAL(connect)(fd, address, length);
    int error = errno;
    int64_t duration = lp_leave(start);
    if (!lp_is_long(duration)) {
        lp_aggregate_fd("connect", LP_KIND_NETWORK, start, duration, fd, -1);
    } else {
        lp_preload_record *r = lp_slot("connect", LP_KIND_NETWORK, start, duration);
        if (r) {
            lp_describe_sockaddr(r->resource, sizeof r->resource, address, length);
            if (result < 0) r->error = error;
        }
        lp_commit(r);
    }
    errno = error;
    return result;
}

EXPORT int accept(int fd, struct sockaddr *address, socklen_t *length) { FD_CALL(int, accept, LP_KIND_NETWORK, fd, REAL(accept)(fd, address, length)) }
EXPORT int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) { FD_CALL(int, accept4, LP_KIND_NETWORK, fd, REAL(accept4)(fd, address, length, flags)) }
EXPORT ssize_t send(int fd, const void *buf, size_t n, int flags) { FD_CALL(ssize_t, send, LP_KIND_NETWORK, fd, REAL(send)(fd, buf, n, flags)) }
EXPORT ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t tolen) { FD_CALL(ssize_t, sendto, LP_KIND_NETWORK, fd, REAL(sendto)(fd, buf, n, flags, to, tolen)) }
EXPORT ssize_t sendmsg(int fd, const struct msghdr *message, int flags) { FD_CALL(ssize_t, sendmsg, LP_KIND_NETWORK, fd, REAL(sendmsg)(fd, message, flags)) }
EXPORT ssize_t recv(int fd, void *buf, size_t n, int flags) { FD_CALL(ssize_t, recv, LP_KIND_NETWORK, fd, REAL(recv)(fd, buf, n, flags)) }
EXPORT ssize_t recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *fromlen) { FD_CALL(ssize_t, recvfrom, LP_KIND_NETWORK, fd, REAL(recvfrom)(fd, buf, n, flags, from, fromlen)) }
EXPORT ssize_t recvmsg(int fd, struct msghdr *message, int flags) { FD_CALL(ssize_t, recvmsg, LP_KIND_NETWORK, fd, REAL(recvmsg)(fd, message, flags)) }

// MARK: Interposers: waiting and sleeping

// `timeout` is the resource (a length in ns, or -1); pthread-style calls return their error.
#define TIMED_CALL(ret, name, kind, timeout, call, failed, error_of)                   \
    RESOLVE(name);                                                                     \
    MISSING(name, (ret)-1);                                                            \
    if (!lp_should_trace()) return call;                                               \
    int64_t start = lp_enter();                                                        \
    ret result = call;                                                                 \
    int error = errno;                                                                 \
    int64_t duration = lp_leave(start);                                                \
    if (lp_is_long(duration)) lp_record_timeout(#name, kind, start, duration, timeout, (failed) ? (error_of) : 0); \
    else lp_aggregate_plain(#name, kind, start, duration);                             \
    errno = error;                                                                     \
    return result;

static inline int64_t lp_ms_ns(int ms) { return ms < 0 ? -1 : (int64_t)ms * 1000000LL; }
static inline int64_t lp_tv_ns(const struct timeval *tv) { return tv ? (int64_t)tv->tv_sec * 1000000000LL + (int64_t)tv->tv_usec * 1000 : -1; }

EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout) { TIMED_CALL(int, poll, LP_KIND_WAIT, lp_ms_ns(timeout), REAL(poll)(fds, n, timeout), result < 0, error) }
EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask) { TIMED_CALL(int, ppoll, LP_KIND_WAIT, lp_ts_ns(timeout), REAL(ppoll)(fds, n, timeout, mask), result < 0, error) }
EXPORT int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout) {
    int64_t length = lp_tv_ns(timeout);  // read before the call: Linux updates it
    TIMED_CALL(int, select, LP_KIND_WAIT, length, REAL(select)(n, r, w, e, timeout), result < 0, error)
}
EXPORT int pselect(int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *timeout, const sigset_t *mask) { TIMED_CALL(int, pselect, LP_KIND_WAIT, lp_ts_ns(timeout), REAL(pselect)(n, r, w, e, timeout, mask), result < 0, error) }
EXPORT int epoll_wait(int fd, struct epoll_event *events, int max, int timeout) { TIMED_CALL(int, epoll_wait, LP_KIND_WAIT, lp_ms_ns(timeout), REAL(epoll_wait)(fd, events, max, timeout), result < 0, error) }
EXPORT int epoll_pwait(int fd, struct epoll_event *events, int max, int timeout, const sigset_t *mask) { TIMED_CALL(int, epoll_pwait, LP_KIND_WAIT, lp_ms_ns(timeout), REAL(epoll_pwait)(fd, events, max, timeout, mask), result < 0, error) }
EXPORT int nanosleep(const struct timespec *request, struct timespec *remaining) { TIMED_CALL(int, nanosleep, LP_KIND_SLEEP, lp_ts_ns(request), REAL(nanosleep)(request, remaining), result < 0, error) }
EXPORT int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    int64_t length = (flags & TIMER_ABSTIME) ? -1 : lp_ts_ns(request);
    TIMED_CALL(int, clock_nanosleep, LP_KIND_SLEEP, length, REAL(clock_nanosleep)(clock, flags, request, remaining), result != 0, result)
}
EXPORT int usleep(useconds_t usec) { TIMED_CALL(int, usleep, LP_KIND_SLEEP, (int64_t)usec * 1000, REAL(usleep)(usec), result < 0, error) }
EXPORT unsigned int sleep(unsigned int seconds) { TIMED_CALL(unsigned int, sleep, LP_KIND_SLEEP, (int64_t)seconds * 1000000000LL, REAL(sleep)(seconds), 0, 0) }
EXPORT int sem_wait(sem_t *sem) { TIMED_CALL(int, sem_wait, LP_KIND_LOCK, -1, REAL(sem_wait)(sem), result < 0, error) }
EXPORT int sem_timedwait(sem_t *sem, const struct timespec *deadline) { TIMED_CALL(int, sem_timedwait, LP_KIND_LOCK, -1, REAL(sem_timedwait)(sem, deadline), result < 0, error) }
EXPORT int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex) {
    RESOLVE_V(pthread_cond_wait, "GLIBC_2.3.2");
    TIMED_CALL(int, pthread_cond_wait, LP_KIND_LOCK, -1, REAL(pthread_cond_wait)(cond, mutex), result != 0, result)
}
EXPORT int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *deadline) {
    RESOLVE_V(pthread_cond_timedwait, "GLIBC_2.3.2");
    TIMED_CALL(int, pthread_cond_timedwait, LP_KIND_LOCK, -1, REAL(pthread_cond_timedwait)(cond, mutex, deadline), result != 0 && result != ETIMEDOUT, result)
}
EXPORT pid_t waitpid(pid_t pid, int *status, int options) {
    TIMED_CALL(pid_t, waitpid, LP_KIND_WAIT, -1, REAL(waitpid)(pid, status, options), result < 0, error)
}
EXPORT pid_t wait4(pid_t pid, int *status, int options, struct rusage *usage) {
    TIMED_CALL(pid_t, wait4, LP_KIND_WAIT, -1, REAL(wait4)(pid, status, options, usage), result < 0, error)
}
