// CLaunchProbe's part of the main-thread instruments: the image map, the in-process signal
// sampler and access to the preloaded blocking-call tracer. (The runner's ptrace sampler is
// in CLaunchRunner; the sample layout both fill is CLaunchABI's lp_sample.h.)
#ifndef LP_INSTRUMENTS_H
#define LP_INSTRUMENTS_H

#include <stdint.h>
#include <sys/types.h>
#include "lp_preload_abi.h"
#include "lp_sample.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Image map

#define LP_IMAGE_PATH_MAX 512

typedef struct lp_image {
    char path[LP_IMAGE_PATH_MAX];
    uint64_t load_address;
    uint64_t text_start;
    uint64_t text_end;
    char build_id[81];      // hexadecimal, empty when the image has none
} lp_image;

/// Fills `out` with up to `capacity` images mapped in this process (dl_iterate_phdr); returns
/// how many there are in all (call again with a larger buffer when it is more than capacity).
int lp_images_read(lp_image *out, int capacity);

// MARK: Blocking-call tracer (libLaunchPreload.so), when preloaded

/// Fills `out` from the preloaded tracer; returns 0, or -1 when no tracer (of this ABI) is loaded.
int lp_tracer_info(lp_preload_info_t *out);
/// Makes the calling thread the one the tracer times. Returns -1 without a tracer.
int lp_tracer_trace_current_thread(void);
/// Stops the tracer for good (the trace is being written).
void lp_tracer_stop(void);
/// The address of the tracer's call state (for the runner's sampler), or 0.
uint64_t lp_tracer_call_state_address(void);

// MARK: In-process signal sampler (standalone fallback)

/// Makes the calling thread the one sampled (records its tid and stack bounds).
void lp_sampler_target_current_thread(void);
/// The sampled thread's tid (0 before lp_sampler_target_current_thread).
int32_t lp_sampler_target_tid(void);
/// Installs the signal handler (once); returns the signal number used, or -1.
int lp_sampler_install(void);
/// Samples the target thread from another thread. When the tracer shows it inside a timed
/// call, no signal is sent and `out->in_traced_call` is set. Returns 1 with a sample, 0 when
/// the handler did not answer within `timeout_ns`, -1 when no handler is installed.
/// `*signals_sent` is increased by the signals sent.
int lp_sampler_sample(lp_sample *out, int64_t timeout_ns, int64_t *signals_sent);

#ifdef __cplusplus
}
#endif

#endif
