// libLaunchPreload.so: the blocking-call tracer. The runner preloads it (LD_PRELOAD) into a
// profiled launch; an app that is not profiled never loads it and pays nothing.
//
// Every interposer: resolve the real function (in the constructor, or lazily with dlsym,
// which calls none of the interposed functions), and unless the caller is the traced thread
// while recording, call straight through. On the traced thread: two CLOCK_MONOTONIC reads
// around the real call; a call of at least the threshold is copied into a preallocated
// record with its resource and a frame-pointer stack. No malloc, no lock, errno preserved.
#include "PreloadInternal.h"

// MARK: State

int lp_enabled;
int64_t lp_threshold_ns = 1000000;
uint32_t lp_trace_key;
__thread uint32_t lp_thread_key __attribute__((tls_model("initial-exec")));
static uint32_t lp_last_key;
int32_t lp_traced_tid;
uintptr_t lp_stack_lo, lp_stack_hi;
uintptr_t lp_self_lo, lp_self_hi;
int lp_depth;
int64_t lp_intercepted, lp_recorded, lp_dropped;
int64_t lp_own_ns, lp_clock_read_ns;
lp_preload_record lp_records[LP_PRELOAD_MAX_RECORDS];
int64_t lp_record_count;
lp_preload_aggregate lp_aggregates[LP_PRELOAD_MAX_AGGREGATES];
int64_t lp_aggregate_count, lp_overflow_calls, lp_overflow_ns;
EXPORT lp_preload_call_state lp_preload_call;

LP_REAL_FUNCTIONS(DEFINE_REAL)

void lp_resolve_all(void) {
    RESOLVE(open); RESOLVE(open64); RESOLVE(openat); RESOLVE(openat64);
    RESOLVE(read); RESOLVE(pread); RESOLVE(pread64);
    RESOLVE(write); RESOLVE(pwrite); RESOLVE(pwrite64);
    RESOLVE(fsync); RESOLVE(fdatasync);
    RESOLVE(stat); RESOLVE(stat64); RESOLVE(lstat); RESOLVE(lstat64);
    RESOLVE(fstat); RESOLVE(fstat64); RESOLVE(fstatat); RESOLVE(fstatat64); RESOLVE(statx);
    RESOLVE(connect); RESOLVE(accept); RESOLVE(accept4);
    RESOLVE(send); RESOLVE(sendto); RESOLVE(sendmsg);
    RESOLVE(recv); RESOLVE(recvfrom); RESOLVE(recvmsg);
    RESOLVE(poll); RESOLVE(ppoll); RESOLVE(select); RESOLVE(pselect);
    RESOLVE(epoll_wait); RESOLVE(epoll_pwait);
    RESOLVE(nanosleep); RESOLVE_V(clock_nanosleep, "GLIBC_2.17"); RESOLVE(usleep); RESOLVE(sleep);
    RESOLVE_V(sem_wait, "GLIBC_2.34"); RESOLVE_V(sem_timedwait, "GLIBC_2.34");
    // dlsym would give the old (GLIBC_2.2.5) condition variable ABI: ask for the current one.
    RESOLVE_V(pthread_cond_wait, "GLIBC_2.3.2"); RESOLVE_V(pthread_cond_timedwait, "GLIBC_2.3.2");
    RESOLVE(waitpid); RESOLVE(wait4);
}

// MARK: Exported control, read by the probe through dlsym

EXPORT void lp_preload_info(lp_preload_info_t *out) {
    out->abi_version = LP_PRELOAD_ABI_VERSION;
    out->enabled = lp_enabled;
    out->threshold_ns = lp_threshold_ns;
    out->intercepted_calls = lp_intercepted;
    out->own_ns = lp_own_ns + 2 * lp_intercepted * lp_clock_read_ns;
    out->recorded_calls = lp_recorded;
    out->dropped_calls = lp_dropped;
    out->records = lp_records;
    out->record_count = __atomic_load_n(&lp_record_count, __ATOMIC_ACQUIRE);
    out->call_state = &lp_preload_call;
    out->traced_tid = lp_traced_tid;
    out->aggregates = lp_aggregates;
    out->aggregate_count = __atomic_load_n(&lp_aggregate_count, __ATOMIC_ACQUIRE);
    out->overflow_calls = lp_overflow_calls;
    out->overflow_ns = lp_overflow_ns;
}

EXPORT void lp_preload_stop(void) {
    __atomic_store_n(&lp_enabled, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&lp_trace_key, 0, __ATOMIC_SEQ_CST);
}

/// Traces the thread holding `key` while recording. Against a concurrent lp_preload_stop:
/// the key is published first and withdrawn again when recording stopped meanwhile.
static void lp_publish_key(uint32_t key) {
    __atomic_store_n(&lp_trace_key, key, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&lp_enabled, __ATOMIC_SEQ_CST)) __atomic_store_n(&lp_trace_key, 0, __ATOMIC_SEQ_CST);
}

static void lp_set_stack_bounds(void) {
    if (lp_main_thread_stack(&lp_stack_lo, &lp_stack_hi)) return;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void *address = NULL;
        size_t size = 0;
        if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
            lp_stack_lo = (uintptr_t)address;
            lp_stack_hi = (uintptr_t)address + size;
        }
        pthread_attr_destroy(&attributes);
    }
}

EXPORT void lp_preload_trace_current_thread(void) {
    // No thread is traced while the bounds change; the thread traced before keeps an old key.
    __atomic_store_n(&lp_trace_key, 0, __ATOMIC_SEQ_CST);
    lp_set_stack_bounds();
    lp_traced_tid = (int32_t)syscall(SYS_gettid);
    uint32_t key = __atomic_add_fetch(&lp_last_key, 1, __ATOMIC_SEQ_CST);
    if (key == 0) key = __atomic_add_fetch(&lp_last_key, 1, __ATOMIC_SEQ_CST);
    lp_thread_key = key;
    lp_publish_key(key);
}

static int lp_find_self(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    uintptr_t probe = (uintptr_t)context;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (probe >= lo && probe < hi) {
            lp_self_lo = lo;
            lp_self_hi = hi;
            return 1;
        }
    }
    return 0;
}

__attribute__((constructor)) static void lp_preload_init(void) {
    lp_resolve_all();
    lp_milestones_init();
    lp_milestone(LP_EVENT_LOADED);
    const char *trace = getenv(LP_ENV_TRACE);
    if (!trace || !trace[0]) return;   // not a profiled launch: every interposer calls through
    const char *threshold = getenv(LP_ENV_BLOCKING_MS);
    if (threshold && threshold[0]) {
        char *end = NULL;
        double ms = strtod(threshold, &end);
        if (end && *end == 0 && ms >= 0 && ms < 1e9) lp_threshold_ns = (int64_t)(ms * 1e6);
    }
    dl_iterate_phdr(lp_find_self, (void *)(uintptr_t)&lp_preload_init);
    // The constructor runs on the process's first thread: traced until the probe says otherwise.
    lp_preload_trace_current_thread();
    // What one clock read costs here: the two around every traced call count as the tracer's.
    int64_t first = lp_now();
    for (int i = 0; i < 31; i++) (void)lp_now();
    lp_clock_read_ns = (lp_now() - first) / 32;
    __atomic_store_n(&lp_enabled, 1, __ATOMIC_SEQ_CST);
    lp_publish_key(lp_thread_key);
}
