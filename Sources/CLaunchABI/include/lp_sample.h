// One stack sample of the main thread, as both stall samplers take it: the app's in-process
// signal sampler (CLaunchProbe) and the runner's ptrace sampler (CLaunchRunner).
#ifndef LP_SAMPLE_H
#define LP_SAMPLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LP_SAMPLE_MAX_FRAMES 128

typedef struct lp_sample {
    int64_t time_ns;          // CLOCK_MONOTONIC
    int32_t frame_count;
    int32_t in_traced_call;   // the thread was inside a call the tracer was timing: not interrupted
    uint64_t frames[LP_SAMPLE_MAX_FRAMES];
} lp_sample;

#ifdef __cplusplus
}
#endif

#endif
