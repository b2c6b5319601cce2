// Costs of the main-thread instruments, measured outside SwiftPM (see docs/instruments.md):
//
//   sample   in-process signal sample round trip of a thread ~50 frames deep (watchdog side)
//   ptrace   runner-side ptrace sample (SEIZE, INTERRUPT, waitpid, unwind, DETACH) of a child
//            ~50 frames deep, with libunwind-ptrace and with the frame-pointer fallback
//   tracer   cost per short intercepted call (write of 0 bytes to /dev/null): run it with and
//            without LD_PRELOAD=libLaunchPreload.so and LAUNCHPROF_TRACE set
//
// cc -O2 -fno-omit-frame-pointer -I Sources/CLaunchProbe/include \
//    Benchmarks/Instruments/instrument_bench.c Sources/CLaunchProbe/Sampler.c \
//    Sources/CLaunchProbe/RemoteSampler.c -o /tmp/instrument_bench -lpthread
#define _GNU_SOURCE
#include "lp_instruments.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *what, int64_t *v, int n) {
    qsort(v, n, sizeof *v, cmp);
    printf("%-44s median %8.2f us   p10 %8.2f   p90 %8.2f   (n=%d)\n", what, v[n / 2] / 1e3, v[n / 10] / 1e3, v[n * 9 / 10] / 1e3, n);
}

static volatile int stop_spin;
static volatile uint64_t sink;

__attribute__((noinline)) static void deep(int depth) {
    if (depth > 0) {
        deep(depth - 1);
        sink++;
        return;
    }
    while (!stop_spin) sink += 1;
}

static void *target_thread(void *arg) {
    (void)arg;
    lp_sampler_target_current_thread();
    deep(48);
    return NULL;
}

static int bench_sample(void) {
    pthread_t thread;
    pthread_create(&thread, NULL, target_thread, NULL);
    while (lp_sampler_target_tid() == 0) usleep(1000);
    usleep(20000);
    lp_sampler_install();
    enum { N = 2000 };
    static int64_t v[N];
    static lp_sample sample;
    int64_t signals = 0, frames = 0;
    for (int i = 0; i < N; i++) {
        int64_t t0 = now_ns();
        lp_sampler_sample(&sample, 50000000, &signals);
        v[i] = now_ns() - t0;
        frames += sample.frame_count;
        usleep(200);
    }
    stop_spin = 1;
    pthread_join(thread, NULL);
    char label[80];
    snprintf(label, sizeof label, "signal sample round trip (%lld frames)", (long long)(frames / N));
    report(label, v, N);
    return 0;
}

static int bench_ptrace(void) {
    pid_t child = fork();
    if (child == 0) {
        deep(48);
        _exit(0);
    }
    usleep(50000);
    {
        // LAUNCHPROF_NO_LIBUNWIND=1 in the environment measures the frame-pointer fallback.
        lp_remote_sampler *sampler = lp_remote_sampler_create(child);
        enum { N = 300 };
        static int64_t v[N];
        static lp_sample sample;
        int64_t frames = 0;
        int status;
        for (int i = 0; i < N; i++) {
            int64_t t0 = now_ns();
            lp_remote_sample(sampler, 0, &sample, &status);
            v[i] = now_ns() - t0;
            frames += sample.frame_count;
            usleep(1000);
        }
        char label[80];
        snprintf(label, sizeof label, "ptrace sample, %s (%lld frames)",
                 lp_remote_sampler_uses_libunwind(sampler) ? "libunwind-ptrace" : "frame pointers", (long long)(frames / N));
        report(label, v, N);
        lp_remote_sampler_destroy(sampler);
    }
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    return 0;
}

static int bench_tracer(void) {
    int fd = open("/dev/null", O_WRONLY);
    enum { N = 1000000 };
    char byte = 0;
    for (int round = 0; round < 3; round++) {
        int64_t t0 = now_ns();
        for (int i = 0; i < N; i++) write(fd, &byte, 0);
        int64_t t1 = now_ns();
        printf("write(/dev/null, 0 bytes) on the main thread: %.1f ns per call\n", (double)(t1 - t0) / N);
    }
    return 0;
}

int main(int argc, char **argv) {
    const char *what = argc > 1 ? argv[1] : "";
    if (!strcmp(what, "sample")) return bench_sample();
    if (!strcmp(what, "ptrace")) return bench_ptrace();
    if (!strcmp(what, "tracer")) return bench_tracer();
    fprintf(stderr, "usage: instrument_bench sample|ptrace|tracer\n");
    return 2;
}
