// The in-process stall sampler (standalone fallback) and access to the preloaded tracer.
//
// The handler allocates nothing and takes no lock: it walks frame pointers from the
// interrupted RBP/RIP (ucontext) inside the target thread's stack bounds into a preallocated
// buffer and sem_posts. The watchdog waits with sem_timedwait. Only sent once a stall is
// detected: a launch without a stall sends no signal.
#define _GNU_SOURCE
#include "lp_instruments.h"
#include "lp_stack.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static int64_t lp_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// MARK: Tracer access

static lp_preload_info_fn lp_tracer_info_fn;
static lp_preload_trace_current_thread_fn lp_tracer_retarget_fn;
static lp_preload_stop_fn lp_tracer_stop_fn;
static int lp_tracer_looked_up;

static void lp_tracer_lookup(void) {
    if (__atomic_load_n(&lp_tracer_looked_up, __ATOMIC_ACQUIRE)) return;
    lp_preload_info_fn info = (lp_preload_info_fn)dlsym(RTLD_DEFAULT, "lp_preload_info");
    if (info) {
        lp_preload_info_t probe;
        memset(&probe, 0, sizeof probe);
        info(&probe);
        if (probe.abi_version == LP_PRELOAD_ABI_VERSION) {
            lp_tracer_info_fn = info;
            lp_tracer_retarget_fn = (lp_preload_trace_current_thread_fn)dlsym(RTLD_DEFAULT, "lp_preload_trace_current_thread");
            lp_tracer_stop_fn = (lp_preload_stop_fn)dlsym(RTLD_DEFAULT, "lp_preload_stop");
        }
    }
    __atomic_store_n(&lp_tracer_looked_up, 1, __ATOMIC_RELEASE);
}

int lp_tracer_info(lp_preload_info_t *out) {
    lp_tracer_lookup();
    if (!lp_tracer_info_fn) return -1;
    lp_tracer_info_fn(out);
    return 0;
}

int lp_tracer_trace_current_thread(void) {
    lp_tracer_lookup();
    if (!lp_tracer_retarget_fn) return -1;
    lp_tracer_retarget_fn();
    return 0;
}

void lp_tracer_stop(void) {
    lp_tracer_lookup();
    if (lp_tracer_stop_fn) lp_tracer_stop_fn();
}

static lp_preload_call_state *lp_tracer_call_state(void) {
    lp_preload_info_t info;
    if (lp_tracer_info(&info) != 0) return NULL;
    return info.call_state;
}

uint64_t lp_tracer_call_state_address(void) { return (uint64_t)(uintptr_t)lp_tracer_call_state(); }

// MARK: Target thread

static volatile int32_t lp_target_tid;
static volatile uintptr_t lp_target_stack_lo, lp_target_stack_hi;

void lp_sampler_target_current_thread(void) {
    pthread_attr_t attributes;
    uintptr_t lo = 0, hi = 0;
    // The main thread's bounds without reading /proc/self/maps (lp_stack.h); another's from glibc.
    if (!lp_main_thread_stack(&lo, &hi) && pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void *address = NULL;
        size_t size = 0;
        if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
            lo = (uintptr_t)address;
            hi = lo + size;
        }
        pthread_attr_destroy(&attributes);
    }
    lp_target_stack_lo = lo;
    lp_target_stack_hi = hi;
    __atomic_store_n(&lp_target_tid, (int32_t)syscall(SYS_gettid), __ATOMIC_SEQ_CST);
}

int32_t lp_sampler_target_tid(void) { return __atomic_load_n(&lp_target_tid, __ATOMIC_SEQ_CST); }

// MARK: Signal handler

static int lp_signal = -1;
static sem_t lp_answer;
static volatile int lp_armed;           // 1 while a request is outstanding
static lp_sample lp_handler_sample;     // written by the handler only while armed

static void lp_sample_handler(int signal, siginfo_t *info, void *context) {
    (void)signal;
    int saved = errno;
    if (info->si_code != SI_TKILL || info->si_pid != getpid() ||
        !__atomic_exchange_n(&lp_armed, 0, __ATOMIC_ACQ_REL)) {
        errno = saved;
        return;
    }
    ucontext_t *uc = context;
    uintptr_t ip = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    uintptr_t fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
    uintptr_t lo = lp_target_stack_lo, hi = lp_target_stack_hi;
    lp_sample *out = &lp_handler_sample;
    int count = 0;
    out->frames[count++] = ip;
    // Frame-pointer walk: each frame must lie inside the stack, above the last one, aligned.
    // A garbage RBP (code built without frame pointers) ends the walk; it is never followed
    // outside the stack, so it cannot fault.
    while (count < LP_SAMPLE_MAX_FRAMES) {
        if (fp < lo || fp + 16 > hi || (fp & 7) != 0) break;
        uintptr_t next = ((uintptr_t *)fp)[0];
        uintptr_t ret = ((uintptr_t *)fp)[1];
        if (ret < 4096) break;
        out->frames[count++] = ret;
        if (next <= fp) break;
        fp = next;
    }
    out->frame_count = count;
    out->in_traced_call = 0;
    out->time_ns = lp_now_ns();
    sem_post(&lp_answer);
    errno = saved;
}

static void lp_install(void) {
    if (sem_init(&lp_answer, 0, 0) != 0) return;
    // A realtime signal nobody uses: from SIGRTMAX-4 downwards, the first whose disposition
    // is still the default.
    for (int candidate = SIGRTMAX - 4; candidate > SIGRTMIN + 2; candidate--) {
        struct sigaction old;
        if (sigaction(candidate, NULL, &old) != 0) continue;
        if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = lp_sample_handler;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(candidate, &action, NULL) == 0) {
            lp_signal = candidate;
            return;
        }
    }
}

int lp_sampler_install(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, lp_install);
    return lp_signal;
}

int lp_sampler_sample(lp_sample *out, int64_t timeout_ns, int64_t *signals_sent) {
    if (lp_signal < 0) return -1;
    int32_t tid = lp_sampler_target_tid();
    if (tid <= 0) return 0;
    lp_preload_call_state *call = lp_tracer_call_state();
    if (call) {
        call->sampler_busy = 1;
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        if (call->in_call) {
            call->sampler_busy = 0;
            out->time_ns = lp_now_ns();
            out->frame_count = 0;
            out->in_traced_call = 1;
            return 1;
        }
    }
    while (sem_trywait(&lp_answer) == 0) {}   // a late answer to an earlier request
    __atomic_store_n(&lp_armed, 1, __ATOMIC_SEQ_CST);
    int result = 0;
    if (syscall(SYS_tgkill, getpid(), tid, lp_signal) == 0) {
        if (signals_sent) (*signals_sent)++;
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        int64_t ns = deadline.tv_nsec + timeout_ns;
        deadline.tv_sec += ns / 1000000000LL;
        deadline.tv_nsec = ns % 1000000000LL;
        int waited;
        do {
            waited = sem_timedwait(&lp_answer, &deadline);
        } while (waited != 0 && errno == EINTR);
        if (waited == 0) {
            memcpy(out, &lp_handler_sample, sizeof *out);
            result = 1;
        } else if (!__atomic_exchange_n(&lp_armed, 0, __ATOMIC_ACQ_REL)) {
            // The handler took the request just now: wait for its answer so the buffer is ours.
            while (sem_wait(&lp_answer) != 0 && errno == EINTR) {}
            memcpy(out, &lp_handler_sample, sizeof *out);
            result = 1;
        }
    } else {
        __atomic_store_n(&lp_armed, 0, __ATOMIC_SEQ_CST);
    }
    if (call) call->sampler_busy = 0;
    return result;
}
