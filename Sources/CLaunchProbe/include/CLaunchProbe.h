// CLaunchProbe: the app side's C, linked into every app (never into launchprof). Small,
// allocation-free helpers that Swift cannot express cheaply: clocks, thread ids, thread-state
// reads, the in-process signal sampler, the image map, and a constructor that notes the
// instant the process reached its own code.
#ifndef CLAUNCHPROBE_H
#define CLAUNCHPROBE_H

#include <stdint.h>
#include <sys/types.h>

#include "lp_clock.h"
#include "lp_preload_abi.h"
#include "lp_instruments.h"

#ifdef __cplusplus
extern "C" {
#endif

/// CLOCK_BOOTTIME in nanoseconds (the clock /proc/<pid>/stat start times count in).
int64_t lp_boottime_ns(void);

/// The calling thread's kernel thread id, cached per thread after the first call.
int32_t lp_current_tid(void);

/// Names the calling thread (at most 15 bytes are kept, as the kernel allows), so that ps, perf
/// and a debugger show it. Returns 0 or an errno.
int lp_name_current_thread(const char *name);

/// Starts a detached thread named `name` (at most 15 bytes kept) with a stack of `stack_size`
/// bytes that runs `body(context)`: a plain pthread, which costs the calling thread a fraction
/// of what Foundation's `Thread` does. Returns 0 or an errno (then `body` never runs).
int lp_start_thread(const char *name, size_t stack_size, void (*body)(void *context), void *context);

/// CLOCK_MONOTONIC when the executable's constructors ran, just before `main`.
int64_t lp_premain_ns(void);

/// One reading of a thread's scheduler and resource counters.
typedef struct lp_thread_counters {
    int64_t on_cpu_ns;        // CLOCK_THREAD_CPUTIME_ID (schedstat field 1 lags)
    int64_t runqueue_ns;      // schedstat field 2
    int64_t minor_faults;     // rusage ru_minflt
    int64_t major_faults;     // rusage ru_majflt
    int64_t voluntary_cs;     // rusage ru_nvcsw
    int64_t involuntary_cs;   // rusage ru_nivcsw
} lp_thread_counters;

/// Opens /proc/self/task/<tid>/schedstat for the calling thread. Returns an fd or -1.
int lp_schedstat_open_current(void);

/// Reads the calling thread's counters: on-CPU time from CLOCK_THREAD_CPUTIME_ID, run-queue
/// delay from schedstat through `schedstat_fd` (opened with lp_schedstat_open_current on this
/// same thread), faults and context switches from getrusage(RUSAGE_THREAD).
/// Returns 0 on success, -1 when schedstat could not be read (counters are then zero).
int lp_thread_counters_read(int schedstat_fd, lp_thread_counters *out);

/// Process start time from /proc/self/stat as a CLOCK_MONOTONIC reading in nanoseconds,
/// or -1. Resolution is one clock tick (usually 10 ms).
int64_t lp_process_start_monotonic_ns(void);

/// Clock ticks per second (sysconf(_SC_CLK_TCK)).
int64_t lp_clock_ticks_per_second(void);

/// Sends `length` bytes on a socket without blocking and without SIGPIPE.
/// Returns the number of bytes sent or -1; never raises a signal.
long lp_send_nosignal(int fd, const void *bytes, unsigned long length);

#ifdef __cplusplus
}
#endif

#endif
