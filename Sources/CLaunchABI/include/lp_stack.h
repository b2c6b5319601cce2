// The main thread's stack bounds for the frame-pointer walks (the tracer's and the signal
// sampler's), without pthread_getattr_np: for the main thread glibc finds them by reading
// /proc/self/maps line by line with sscanf, about 250,000 instructions per call (callgrind).
// The main thread's frames all lie below __libc_stack_end (the stack pointer at the process's
// entry, kept by the dynamic loader) and within the stack size limit; a walk only needs
// bounds it stays inside. Async-signal-safe.
#ifndef LP_STACK_H
#define LP_STACK_H

#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif

extern void *__libc_stack_end;

/// The calling thread's stack, [lo, hi), when it is the process's main thread with a limited
/// stack size; 0 otherwise (then ask pthread_getattr_np, cheap for other threads).
static inline int lp_main_thread_stack(uintptr_t *lo, uintptr_t *hi) {
    struct rlimit limit;
    if (syscall(SYS_gettid) != getpid()) return 0;
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
    uintptr_t top = (uintptr_t)__libc_stack_end;
    if (top == 0 || (uintptr_t)limit.rlim_cur >= top) return 0;
    *hi = top;
    *lo = top - (uintptr_t)limit.rlim_cur;
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif
