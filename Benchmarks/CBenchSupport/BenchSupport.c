// Benchmark-only helpers (see lp_bench.h): stacks of a known depth for the samplers.
#define _GNU_SOURCE
#include "lp_bench.h"
#include "CLaunchProbe.h"

#include <pthread.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int lp_bench_stop;
static volatile int lp_bench_spinning;
static volatile uint64_t lp_bench_sink;

// One frame per level; __builtin_frame_address forces a frame pointer in every frame (the
// in-process sampler walks them), and the work after the call keeps it from being a tail call.
__attribute__((noinline)) static void lp_bench_deep(int depth) {
    if (depth > 1) {
        lp_bench_deep(depth - 1);
        lp_bench_sink += (uintptr_t)__builtin_frame_address(0) & 1;
        return;
    }
    lp_bench_sink += (uintptr_t)__builtin_frame_address(0) & 1;
    __atomic_store_n(&lp_bench_spinning, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&lp_bench_stop, __ATOMIC_ACQUIRE)) lp_bench_sink += 1;
}

static pthread_t lp_bench_thread;
static int lp_bench_thread_running;

static void *lp_bench_thread_main(void *argument) {
    // Created from a benchmark worker thread, it inherits that thread's mask, which blocks the
    // sampler's signal; an app's main thread blocks none.
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
    lp_sampler_target_current_thread();
    lp_bench_deep((int)(intptr_t)argument);
    return NULL;
}

int lp_bench_sampled_thread_start(int depth) {
    if (lp_bench_thread_running) return -1;
    lp_bench_stop = 0;
    lp_bench_spinning = 0;
    if (pthread_create(&lp_bench_thread, NULL, lp_bench_thread_main, (void *)(intptr_t)depth) != 0) return -1;
    lp_bench_thread_running = 1;
    while (!__atomic_load_n(&lp_bench_spinning, __ATOMIC_ACQUIRE)) usleep(1000);
    return 0;
}

void lp_bench_sampled_thread_stop(void) {
    if (!lp_bench_thread_running) return;
    __atomic_store_n(&lp_bench_stop, 1, __ATOMIC_RELEASE);
    pthread_join(lp_bench_thread, NULL);
    lp_bench_thread_running = 0;
}

pid_t lp_bench_fork_spinner(int depth) {
    pid_t parent = getpid();
    pid_t child = fork();
    if (child != 0) return child < 0 ? -1 : child;
    // The child: only async-signal-safe calls and this file's own code, then never returns.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);   // the parent ended before prctl
    lp_bench_stop = 0;
    lp_bench_deep(depth);
    _exit(0);
}

void lp_bench_kill_and_reap(pid_t pid) {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
}
