// The whole-launch profile: Linux perf events opened by the runner on a child before it execs,
// inherited by every thread and process it starts, read from memory-mapped ring buffers (one
// per CPU and event: the kernel maps no ring of an inherited per-thread event) while it runs.
// No signal reaches the child: the kernel samples it.
#ifndef LP_PERF_H
#define LP_PERF_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What to open.
typedef struct lp_perf_config {
    uint64_t sample_period_ns;   // cpu-clock sampling period (1,000,000 = 1 kHz)
    uint32_t ring_pages;         // data pages of all CPUs' rings of one event together (split per CPU)
    uint32_t stack_user_bytes;   // user stack copied with each sample (0 = none), a multiple of 8
    int32_t max_stack;           // deepest call chain kept (at most the kernel's limit)
} lp_perf_config;

/// One memory-mapped ring buffer of one event.
typedef struct lp_perf_ring {
    int fd;
    void *base;          // metadata page, then the data pages
    size_t map_size;
    size_t data_size;
} lp_perf_ring;

/// The most CPUs followed (CPUs numbered higher are not profiled).
#define LP_PERF_MAX_CPUS 256

/// The events of one profiled child, one ring per online CPU and event.
typedef struct lp_perf_session {
    lp_perf_ring cpu[LP_PERF_MAX_CPUS];       // cpu-clock samples with user call chains, mmap2/comm/fork/exit records
    lp_perf_ring switches[LP_PERF_MAX_CPUS];  // context-switch records; samples at switch-out when permitted
    int32_t ring_count;      // rings per event (the online CPUs)
    int32_t switch_stacks;   // 1 when switch-out samples carry user stacks (needs kernel samples)
    int32_t kernel_samples;  // 1 when on-CPU time in system calls is sampled too
    int32_t error;           // errno of the step that failed, 0 on success
    const char *failed_step; // a static description of that step
} lp_perf_session;

/// Opens the events on thread `tid` (the child's main thread, before it execs), inherited by
/// the threads and processes it creates; they are enabled by the kernel when the child execs. Returns 0, or -1 with `error` and `failed_step`
/// set (EACCES/EPERM: perf_event_paranoid or a seccomp profile forbids it; ENOSYS/ENOENT: no
/// perf events in this kernel). A failed session holds no descriptors.
int lp_perf_open(pid_t tid, const lp_perf_config *config, lp_perf_session *session);

/// Copies whole records from `ring` into `dest` (at most `capacity` bytes, records never split
/// across calls) and frees their space in the ring. Returns the bytes copied.
size_t lp_perf_read(lp_perf_ring *ring, uint8_t *dest, size_t capacity);

/// The size of `ring`'s data area in bytes (a buffer of this size always takes one record).
size_t lp_perf_ring_capacity(const lp_perf_ring *ring);

/// The `index`th ring of the cpu-clock event (`switches` 0) or of the context-switch event
/// (`switches` 1), or NULL past the last.
lp_perf_ring *lp_perf_session_ring(lp_perf_session *session, int32_t switches, int32_t index);

/// Whether this process may open the profile's events on its children: opens a disabled,
/// user-space-only cpu-clock event on itself and closes it. Returns 0 or the errno.
int lp_perf_probe(void);

/// Unmaps and closes everything the session holds.
void lp_perf_close(lp_perf_session *session);

/// The values of the perf ABI the reader needs, so Swift does not repeat them.
enum {
    LP_PERF_RECORD_MMAP2 = 10,
    LP_PERF_RECORD_SAMPLE = 9,
    LP_PERF_RECORD_SWITCH = 14,
    LP_PERF_RECORD_LOST = 2,
    LP_PERF_RECORD_EXIT = 4,
    LP_PERF_RECORD_COMM = 3,
    LP_PERF_RECORD_FORK = 7,
    LP_PERF_MISC_SWITCH_OUT = 1 << 13,
    LP_PERF_MISC_SWITCH_OUT_PREEMPT = 1 << 14,
};
/// Call-chain entries at or above this value are context markers, not addresses.
static const uint64_t LP_PERF_CONTEXT_MAX = 0xfffffffffffff001ULL;
/// User registers sampled with switch-out samples, in this order: bp, sp, ip.
#define LP_PERF_USER_REGISTER_COUNT 3

#ifdef __cplusplus
}
#endif
#endif
