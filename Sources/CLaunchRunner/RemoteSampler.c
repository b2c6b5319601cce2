// The runner's stall sampler: samples a child's thread from outside with ptrace.
//
// Per sample: PTRACE_SEIZE, PTRACE_INTERRUPT, waitpid(__WALL), unwind, PTRACE_DETACH. The
// thread is traced only for the length of one sample, so between samples the child is not
// traced at all: its signals, its exit and the runner's own waitpid are untouched. A thread
// stopped in a sleeping system call is restarted transparently on detach (read, nanosleep,
// poll, futex ...), except epoll_wait, which returns EINTR: that is why the tracer's call
// state is checked first and a thread inside a timed call is not stopped.
//
// libunwind-ptrace is loaded with dlopen (it is only ever in the runner, never in the app);
// without it, samples are a frame-pointer walk over process_vm_readv.
#define _GNU_SOURCE
#include "CLaunchRunner.h"
#include "lp_env.h"

#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef __WALL
#define __WALL 0x40000000
#endif

typedef uint64_t lp_unw_word_t;
typedef struct { lp_unw_word_t opaque[127]; } lp_unw_cursor_t;
typedef void *lp_unw_addr_space_t;
#define LP_UNW_REG_IP 16
#define LP_UNW_CACHE_GLOBAL 1

typedef struct {
    lp_unw_addr_space_t (*create_addr_space)(void *accessors, int byte_order);
    void (*destroy_addr_space)(lp_unw_addr_space_t);
    int (*set_caching_policy)(lp_unw_addr_space_t, int);
    int (*init_remote)(lp_unw_cursor_t *, lp_unw_addr_space_t, void *);
    int (*step)(lp_unw_cursor_t *);
    int (*get_reg)(lp_unw_cursor_t *, int, lp_unw_word_t *);
    void *(*upt_create)(pid_t);
    void (*upt_destroy)(void *);
    void *upt_accessors;
    int loaded;
} lp_libunwind;

static lp_libunwind lp_unw;

static void lp_libunwind_load(void) {
    // libunwind-ptrace.so.0 does not record its dependencies (libunwind-x86_64, lzma):
    // load those first, globally, in this (the runner's) process only.
    dlopen("liblzma.so.5", RTLD_NOW | RTLD_GLOBAL);
    void *generic = dlopen("libunwind-x86_64.so.8", RTLD_NOW | RTLD_GLOBAL);
    if (!generic) return;
    void *ptrace_lib = dlopen("libunwind-ptrace.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!ptrace_lib) return;
    *(void **)&lp_unw.create_addr_space = dlsym(generic, "_Ux86_64_create_addr_space");
    *(void **)&lp_unw.destroy_addr_space = dlsym(generic, "_Ux86_64_destroy_addr_space");
    *(void **)&lp_unw.set_caching_policy = dlsym(generic, "_Ux86_64_set_caching_policy");
    *(void **)&lp_unw.init_remote = dlsym(generic, "_Ux86_64_init_remote");
    *(void **)&lp_unw.step = dlsym(generic, "_Ux86_64_step");
    *(void **)&lp_unw.get_reg = dlsym(generic, "_Ux86_64_get_reg");
    *(void **)&lp_unw.upt_create = dlsym(ptrace_lib, "_UPT_create");
    *(void **)&lp_unw.upt_destroy = dlsym(ptrace_lib, "_UPT_destroy");
    lp_unw.upt_accessors = dlsym(ptrace_lib, "_UPT_accessors");
    lp_unw.loaded = lp_unw.create_addr_space && lp_unw.destroy_addr_space && lp_unw.init_remote &&
                    lp_unw.step && lp_unw.get_reg && lp_unw.upt_create && lp_unw.upt_destroy && lp_unw.upt_accessors;
}

struct lp_remote_sampler {
    pid_t tid;
    lp_unw_addr_space_t space;
    void *upt;
};

lp_remote_sampler *lp_remote_sampler_create(pid_t tid) {
    static int once;
    if (!once) {
        once = 1;
        if (!getenv(LP_ENV_NO_LIBUNWIND)) lp_libunwind_load();
    }
    lp_remote_sampler *sampler = calloc(1, sizeof *sampler);
    if (!sampler) return NULL;
    sampler->tid = tid;
    if (lp_unw.loaded) {
        sampler->space = lp_unw.create_addr_space(lp_unw.upt_accessors, 0);
        if (sampler->space && lp_unw.set_caching_policy) lp_unw.set_caching_policy(sampler->space, LP_UNW_CACHE_GLOBAL);
        sampler->upt = sampler->space ? lp_unw.upt_create(tid) : NULL;
        if (!sampler->upt && sampler->space) {
            lp_unw.destroy_addr_space(sampler->space);
            sampler->space = NULL;
        }
    }
    return sampler;
}

void lp_remote_sampler_destroy(lp_remote_sampler *sampler) {
    if (!sampler) return;
    if (sampler->upt) lp_unw.upt_destroy(sampler->upt);
    if (sampler->space) lp_unw.destroy_addr_space(sampler->space);
    free(sampler);
}

int lp_remote_sampler_uses_libunwind(const lp_remote_sampler *sampler) { return sampler && sampler->upt ? 1 : 0; }

static int64_t lp_remote_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int lp_peek(pid_t pid, uint64_t address, void *out, size_t length) {
    struct iovec local = {out, length};
    struct iovec remote = {(void *)(uintptr_t)address, length};
    return process_vm_readv(pid, &local, 1, &remote, 1, 0) == (ssize_t)length ? 0 : -1;
}

static int lp_poke(pid_t pid, uint64_t address, const void *in, size_t length) {
    struct iovec local = {(void *)in, length};
    struct iovec remote = {(void *)(uintptr_t)address, length};
    return process_vm_writev(pid, &local, 1, &remote, 1, 0) == (ssize_t)length ? 0 : -1;
}

static int lp_fp_walk(pid_t tid, lp_sample *out) {
    struct user_regs_struct regs;
    if (ptrace(PTRACE_GETREGS, tid, NULL, &regs) != 0) return 0;
    int count = 0;
    out->frames[count++] = regs.rip;
    uint64_t fp = regs.rbp, sp = regs.rsp;
    while (count < LP_SAMPLE_MAX_FRAMES) {
        // Frames lie above the stack pointer, each above the last, within 8 MB of it.
        if (fp < sp || fp - sp > (8u << 20) || (fp & 7)) break;
        uint64_t pair[2];
        if (lp_peek(tid, fp, pair, sizeof pair) != 0) break;
        if (pair[1] < 4096) break;
        out->frames[count++] = pair[1];
        if (pair[0] <= fp) break;
        fp = pair[0];
    }
    return count;
}

static int lp_unwind(lp_remote_sampler *sampler, lp_sample *out) {
    lp_unw_cursor_t cursor;
    if (lp_unw.init_remote(&cursor, sampler->space, sampler->upt) < 0) return lp_fp_walk(sampler->tid, out);
    int count = 0;
    do {
        lp_unw_word_t ip = 0;
        if (lp_unw.get_reg(&cursor, LP_UNW_REG_IP, &ip) < 0 || ip == 0) break;
        out->frames[count++] = ip;
    } while (count < LP_SAMPLE_MAX_FRAMES && lp_unw.step(&cursor) > 0);
    return count;
}

int lp_remote_sample(lp_remote_sampler *sampler, uint64_t call_state_address, lp_sample *out, int *wait_status) {
    if (!sampler) return 0;
    pid_t tid = sampler->tid;
    out->frame_count = 0;
    out->in_traced_call = 0;
    uint64_t busy_address = call_state_address ? call_state_address + offsetof(lp_preload_call_state, sampler_busy) : 0;
    if (call_state_address) {
        int32_t one = 1;
        if (lp_poke(tid, busy_address, &one, sizeof one) == 0) {
            __atomic_thread_fence(__ATOMIC_SEQ_CST);
            lp_preload_call_state state;
            if (lp_peek(tid, call_state_address, &state, sizeof state) == 0 && state.in_call) {
                int32_t zero = 0;
                lp_poke(tid, busy_address, &zero, sizeof zero);
                out->time_ns = lp_remote_now();
                out->in_traced_call = 1;
                return 1;
            }
        } else {
            busy_address = 0;
        }
    }
    int result = 0;
    out->time_ns = lp_remote_now();
    if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) == 0) {
        if (ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) == 0) {
            int status = 0;
            pid_t waited;
            do {
                waited = waitpid(tid, &status, __WALL);
            } while (waited < 0 && errno == EINTR);
            if (waited == tid && (WIFEXITED(status) || WIFSIGNALED(status))) {
                if (wait_status) *wait_status = status;
                return -2;
            }
            if (waited == tid && WIFSTOPPED(status)) {
                int signal = WSTOPSIG(status);
                // An interrupt stop reports PTRACE_EVENT_STOP; any other stop is a signal
                // arriving at the same time, which is delivered on detach.
                int deliver = (status >> 16) == PTRACE_EVENT_STOP ? 0 : signal;
                if (deliver == SIGTRAP) deliver = 0;
                int count = sampler->upt ? lp_unwind(sampler, out) : lp_fp_walk(tid, out);
                out->frame_count = count;
                result = count > 0 ? 1 : 0;
                ptrace(PTRACE_DETACH, tid, NULL, (void *)(uintptr_t)deliver);
            } else {
                ptrace(PTRACE_DETACH, tid, NULL, NULL);
            }
        } else {
            ptrace(PTRACE_DETACH, tid, NULL, NULL);
        }
    }
    if (busy_address) {
        int32_t zero = 0;
        lp_poke(tid, busy_address, &zero, sizeof zero);
    }
    return result;
}
