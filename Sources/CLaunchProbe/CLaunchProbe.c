#define _GNU_SOURCE
#include "CLaunchProbe.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int64_t lp_clock_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

int64_t lp_boottime_ns(void) { return lp_clock_ns(CLOCK_BOOTTIME); }

// The probe's own file access goes straight to the kernel: the preloaded blocking-call tracer
// interposes libc's open/read/pread, and the profiler's reads are not the app's blocking work.
static int lp_open_raw(const char *path) {
    int fd;
    do {
        fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

static ssize_t lp_pread_raw(int fd, char *buffer, size_t length, off_t offset) {
    ssize_t n;
    do {
        n = (ssize_t)syscall(SYS_pread64, fd, buffer, length, offset);
    } while (n < 0 && errno == EINTR);
    return n;
}

int lp_name_current_thread(const char *name) {
    char truncated[16];
    snprintf(truncated, sizeof truncated, "%s", name);
    return pthread_setname_np(pthread_self(), truncated);
}

typedef struct lp_thread_start {
    char name[16];
    void (*body)(void *);
    void *context;
} lp_thread_start;

static void *lp_thread_main(void *opaque) {
    lp_thread_start start = *(lp_thread_start *)opaque;
    free(opaque);
    pthread_setname_np(pthread_self(), start.name);
    start.body(start.context);
    return NULL;
}

int lp_start_thread(const char *name, size_t stack_size, void (*body)(void *context), void *context) {
    lp_thread_start *start = malloc(sizeof *start);
    if (!start) return ENOMEM;
    snprintf(start->name, sizeof start->name, "%s", name);
    start->body = body;
    start->context = context;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, stack_size);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failure = pthread_create(&thread, &attributes, lp_thread_main, start);
    pthread_attr_destroy(&attributes);
    if (failure) free(start);
    return failure;
}

static __thread int32_t lp_cached_tid = 0;

int32_t lp_current_tid(void) {
    if (lp_cached_tid == 0) {
        lp_cached_tid = (int32_t)syscall(SYS_gettid);
    }
    return lp_cached_tid;
}

static int64_t lp_premain = 0;

__attribute__((constructor)) static void lp_note_premain(void) {
    lp_premain = lp_monotonic_ns();
}

int64_t lp_premain_ns(void) { return lp_premain; }

int lp_schedstat_open_current(void) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", (int)lp_current_tid());
    return lp_open_raw(path);
}

// Parses the next unsigned decimal number from *p, advancing it. No allocation.
static int64_t lp_parse_u64(const char **p, const char *end) {
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    int64_t value = 0;
    while (s < end && *s >= '0' && *s <= '9') {
        value = value * 10 + (*s - '0');
        s++;
    }
    *p = s;
    return value;
}

int lp_thread_counters_read(int schedstat_fd, lp_thread_counters *out) {
    memset(out, 0, sizeof *out);
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) == 0) {
        out->minor_faults = usage.ru_minflt;
        out->major_faults = usage.ru_majflt;
        out->voluntary_cs = usage.ru_nvcsw;
        out->involuntary_cs = usage.ru_nivcsw;
    }
    if (schedstat_fd < 0) return -1;
    char buffer[128];
    ssize_t n = lp_pread_raw(schedstat_fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0) return -1;
    const char *p = buffer;
    const char *end = buffer + n;
    int64_t schedstat_cpu = lp_parse_u64(&p, end);
    // The run-queue delay is current while this thread runs (it is added when the thread is
    // scheduled in). The on-CPU sum in schedstat is only brought up to date at scheduler
    // events, so short phases would read as zero: take it from the thread CPU clock, which
    // the kernel updates on the spot.
    out->runqueue_ns = lp_parse_u64(&p, end);
    int64_t clock_cpu = lp_clock_ns(CLOCK_THREAD_CPUTIME_ID);
    out->on_cpu_ns = clock_cpu > schedstat_cpu ? clock_cpu : schedstat_cpu;
    return 0;
}

int64_t lp_clock_ticks_per_second(void) { return (int64_t)sysconf(_SC_CLK_TCK); }

int64_t lp_process_start_monotonic_ns(void) {
    int fd = lp_open_raw("/proc/self/stat");
    if (fd < 0) return -1;
    char buffer[1024];
    ssize_t n = lp_pread_raw(fd, buffer, sizeof buffer - 1, 0);
    close(fd);
    if (n <= 0) return -1;
    buffer[n] = 0;
    // The command name (field 2) may hold spaces and parentheses: skip to the last ')'.
    char *p = strrchr(buffer, ')');
    if (!p) return -1;
    p++;
    // `p` is at the space before field 3 (state); each space starts the next field.
    // starttime is field 22.
    int field = 2;
    const char *end = buffer + n;
    const char *q = p;
    while (q < end && field < 22) {
        if (*q == ' ') field++;
        q++;
    }
    if (field != 22) return -1;
    int64_t ticks = lp_parse_u64(&q, end);
    int64_t hz = lp_clock_ticks_per_second();
    if (hz <= 0) return -1;
    int64_t start_boot_ns = ticks * (1000000000LL / hz);
    // starttime counts in CLOCK_BOOTTIME; translate to CLOCK_MONOTONIC.
    int64_t offset = lp_boottime_ns() - lp_monotonic_ns();
    return start_boot_ns - offset;
}

// A system call, not libc's send: the preloaded tracer interposes send, and the probe's own
// progress events are neither the app's blocking calls nor worth the tracer's bookkeeping.
long lp_send_nosignal(int fd, const void *bytes, unsigned long length) {
    ssize_t n;
    do {
        n = (ssize_t)syscall(SYS_sendto, fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT, NULL, 0);
    } while (n < 0 && errno == EINTR);
    return (long)n;
}
