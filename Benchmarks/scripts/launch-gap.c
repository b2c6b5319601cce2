// How a pause before a launch changes the launch, with the runner's own spawn: N launches of a
// command, each started by lp_spawn_now (the clock read just before the child is created, as
// launchprof's measurement launches and hyperfine -N start a command), waited for by poll on a pidfd and
// wait4, output to /dev/null; before each, a pause of GAP_US microseconds, asleep or (BUSY=1)
// spinning. Prints the median spawn-to-reaped time in milliseconds.
//
//     cc -O2 -o /tmp/launch-gap Benchmarks/scripts/launch-gap.c Sources/CLaunchRunner/lp_spawn.c
//        -I Sources/CLaunchRunner/include -I Sources/CLaunchABI/include
//     /tmp/launch-gap N GAP_US [BUSY] -- /usr/bin/git --version
#define _GNU_SOURCE
#include "launch-timing.h"

#include <stdio.h>
#include <string.h>

// A pause of `us` microseconds: asleep, or spinning when `busy`.
static void pause_for(long us, int busy) {
    if (us <= 0) return;
    if (busy) {
        volatile double x = 0;
        for (int64_t end = now_ns() + us * 1000; now_ns() < end;) x += 1;
    } else {
        struct timespec nap = {us / 1000000, (us % 1000000) * 1000};
        nanosleep(&nap, NULL);
    }
}

int main(int argc, char **argv) {
    int separator = 1;
    while (separator < argc && strcmp(argv[separator], "--") != 0) separator++;
    if (separator < 3 || separator + 1 >= argc) {
        fprintf(stderr, "usage: launch-gap N GAP_US [BUSY] -- COMMAND [ARGS...]\n");
        return 2;
    }
    int count = atoi(argv[1]);
    long gap = atol(argv[2]);
    int busy = separator > 3 && atoi(argv[3]);
    int64_t *times = calloc((size_t)count, sizeof *times);
    for (int i = 0; i < count; i++) {
        pause_for(gap, busy);
        if ((times[i] = timed_launch(argv + separator + 1)) < 0) { fprintf(stderr, "launch-gap: the launch failed\n"); return 1; }
    }
    qsort(times, (size_t)count, sizeof *times, compare_ns);
    printf("%.4f\n", times[count / 2] / 1e6);
    return 0;
}
