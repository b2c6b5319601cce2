// A program of fixed work for sample-cost.py: 150 million steps of a linear congruential
// generator, 31 frames deep (frame pointers kept), then the exit point sent the way LaunchProbe
// sends it ("exitPoint <ns after LAUNCHPROF_SPAWN_NS> firstFrame" on LAUNCHPROF_EVENT_FD), so
// overhead-harness times it exactly as it times SampleApp. No system call in the loop: every
// nanosecond the profile adds is the cost of its samples.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000000000LL + now.tv_nsec;
}

__attribute__((noinline)) static unsigned long long work(unsigned long long steps, unsigned long long x) {
    for (unsigned long long i = 0; i < steps; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        __asm__ volatile("" : "+r"(x)); // one step at a time: the compiler may not fold the loop
    }
    return x;
}

__attribute__((noinline)) static unsigned long long nested(int depth, unsigned long long steps) {
    return depth == 0 ? work(steps, 1) : nested(depth - 1, steps) + 1;
}

int main(void) {
    const char *spawn = getenv("LAUNCHPROF_SPAWN_NS"), *fd = getenv("LAUNCHPROF_EVENT_FD");
    unsigned long long result = nested(30, 150000000ULL);
    long long end = monotonic_ns();
    if (spawn && fd) {
        char line[96];
        int length = snprintf(line, sizeof line, "exitPoint %lld firstFrame\n", end - atoll(spawn));
        if (write(atoi(fd), line, (size_t)length) != length) return 1;
    }
    return result == 42;
}
