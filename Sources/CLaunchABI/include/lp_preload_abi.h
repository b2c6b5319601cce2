// The binary interface between the blocking-call tracer (libLaunchPreload.so, preloaded by
// the runner) and the app-side probe (CLaunchProbe / LaunchProbe), which finds it at run time
// with dlsym(RTLD_DEFAULT, "lp_preload_info"). Both sides include this one header; a change
// of layout bumps LP_PRELOAD_ABI_VERSION and the probe ignores a tracer of another version.
//
// The tracer is never linked into the app: interposers linked into the executable would
// interpose process-wide even when the app is not profiled.
#ifndef LP_PRELOAD_ABI_H
#define LP_PRELOAD_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LP_PRELOAD_ABI_VERSION 3
#define LP_PRELOAD_MAX_FRAMES 64
#define LP_PRELOAD_FUNCTION_MAX 24
#define LP_PRELOAD_RESOURCE_MAX 232
#define LP_PRELOAD_MAX_RECORDS 1024
#define LP_PRELOAD_MAX_AGGREGATES 256

/// BlockingKind raw values, in the order of LaunchTrace.BlockingKind.
enum {
    LP_KIND_FILE_IO = 0,
    LP_KIND_NETWORK = 1,
    LP_KIND_SLEEP = 2,
    LP_KIND_LOCK = 3,
    LP_KIND_WAIT = 4,
};

/// One intercepted call on the traced thread that took at least the threshold.
typedef struct lp_preload_record {
    int64_t start_ns;      // CLOCK_MONOTONIC, absolute
    int64_t duration_ns;
    int64_t bytes;         // -1 when not a transfer or when it failed
    int32_t error;         // errno (or the pthread_* return code) when the call failed, else 0
    int32_t kind;          // LP_KIND_*
    int32_t frame_count;
    int32_t has_resource;
    char function[LP_PRELOAD_FUNCTION_MAX];
    char resource[LP_PRELOAD_RESOURCE_MAX];
    uint64_t frames[LP_PRELOAD_MAX_FRAMES];  // return addresses, innermost first, tracer frames removed
} lp_preload_record;

/// The calls under the threshold from one call site (the same stack) into one function: how
/// many, how long in all, how many bytes. Short calls add up: 4,096 reads of 64 KiB, each under
/// a millisecond, are one aggregate with the function that made them and the file.
typedef struct lp_preload_aggregate {
    uint64_t key;          // hash of the call site's innermost frames and the function
    int64_t count;
    int64_t total_ns;
    int64_t bytes;         // transferred by the calls that succeeded (transfers only), else 0
    int64_t first_start_ns;
    int64_t last_end_ns;
    int32_t kind;          // LP_KIND_*
    int32_t frame_count;
    int32_t has_resource;  // the first call's file, socket peer or path
    int32_t varied;        // later calls named another resource
    uint64_t resource_key; // the first call's fd or path hash, to tell `varied`
    char function[LP_PRELOAD_FUNCTION_MAX];
    char resource[LP_PRELOAD_RESOURCE_MAX];
    uint64_t frames[LP_PRELOAD_MAX_FRAMES];
} lp_preload_aggregate;

/// What the traced thread is doing, shared with a sampler (in-process, or the runner through
/// process_vm_readv/writev). The protocol keeps a sampler from interrupting a traced call:
///
///   traced thread (interposer)         sampler
///   in_call = 1                        sampler_busy = 1
///   full fence                         full fence
///   while (sampler_busy) yield         if (in_call) -> sample "inside the traced call", no stop
///   ... real call ...                  else -> stop/signal, unwind, resume
///   in_call = 0                        sampler_busy = 0
///
/// Either the sampler sees in_call (and does not interrupt) or the thread sees sampler_busy
/// and waits (at most LP_PRELOAD_SAMPLER_WAIT_NS) before it enters the real call, so a stop or
/// a signal never lands inside a call the tracer is timing.
typedef struct lp_preload_call_state {
    volatile int32_t in_call;
    volatile int32_t sampler_busy;
    volatile int64_t call_start_ns;
    volatile uint64_t call_sequence;
} lp_preload_call_state;

#define LP_PRELOAD_SAMPLER_WAIT_NS 20000000LL

/// A snapshot of the tracer: filled by lp_preload_info().
typedef struct lp_preload_info_t {
    int32_t abi_version;
    int32_t enabled;              // recording (the trace has not been written yet)
    int64_t threshold_ns;
    int64_t intercepted_calls;    // on the traced thread while enabled
    int64_t recorded_calls;
    int64_t dropped_calls;
    const lp_preload_record *records;   // recorded_calls - dropped_calls of them, in time order
    int64_t record_count;
    lp_preload_call_state *call_state;
    int32_t traced_tid;
    int32_t reserved;
    const lp_preload_aggregate *aggregates;   // aggregate_count of them, in first-call order
    int64_t aggregate_count;
    int64_t overflow_calls;       // short calls from call sites beyond LP_PRELOAD_MAX_AGGREGATES
    int64_t overflow_ns;
    int64_t own_ns;               // the tracer's own time on the traced thread while enabled:
                                  // each recorded call's bookkeeping, timed; every 64th short
                                  // call's, timed and counted 64 times; two clock reads per call
} lp_preload_info_t;

/// Exported by libLaunchPreload.so (looked up with dlsym; absent when not preloaded).
typedef void (*lp_preload_info_fn)(lp_preload_info_t *out);
/// Makes the calling thread the traced one (for apps whose main queue runs on another thread).
typedef void (*lp_preload_trace_current_thread_fn)(void);
/// Stops recording for good (called when the trace is written).
typedef void (*lp_preload_stop_fn)(void);

#ifdef __cplusplus
}
#endif

#endif
