// libLaunchPreload.so: the blocking-call tracer, preloaded by the runner. Its data layout is
// in Sources/CLaunchABI/include/lp_preload_abi.h; the probe finds these with dlsym.
#ifndef LP_PRELOAD_H
#define LP_PRELOAD_H

#ifdef __cplusplus
extern "C" {
#endif

struct lp_preload_info_t;
void lp_preload_info(struct lp_preload_info_t *out);
void lp_preload_trace_current_thread(void);
void lp_preload_stop(void);

#ifdef __cplusplus
}
#endif

#endif
