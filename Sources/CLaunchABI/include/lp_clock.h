// The time base every side agrees on: CLOCK_MONOTONIC in nanoseconds. The runner reads it
// just before the spawn (LAUNCHPROF_SPAWN_NS), the probe at every phase boundary, the tracer
// in its records and the samplers in their samples.
#ifndef LP_CLOCK_H
#define LP_CLOCK_H

#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/// CLOCK_MONOTONIC in nanoseconds (vDSO, about 30 ns).
static inline int64_t lp_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + (int64_t)ts.tv_nsec;
}

#ifdef __cplusplus
}
#endif

#endif
