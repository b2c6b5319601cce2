// What a launch profiled with perf events leaves for the launch that follows it, with the
// runner's own spawn and perf session (lp_spawn.c, lp_perf.c): N pairs of launches of a command,
// the first of each pair (untimed) profiled as a diagnosis launch is (lp_spawn_gated, lp_perf_open
// on the child at the gate, released, waited for), the second a measurement launch (lp_spawn_now,
// spawn to reaped, as launch-gap.c times it) started as soon as the first is reaped. MODE says
// what happens to the first launch's events:
//   plain   the first launch is not profiled at all;
//   before  its events are closed (rings unmapped) before the measurement launch starts;
//   after   its events stay open until the measurement launch has ended;
//   primer  its events are closed, then a launch with no instruments (untimed) comes between.
// Prints the median time of the measurement launches in milliseconds.
//
//     cc -O2 -o /tmp/perf-aftereffect Benchmarks/scripts/perf-aftereffect.c Sources/CLaunchRunner/lp_spawn.c
//        Sources/CLaunchRunner/lp_perf.c -I Sources/CLaunchRunner/include -I Sources/CLaunchABI/include
//     /tmp/perf-aftereffect N MODE -- /usr/bin/git --version
#define _GNU_SOURCE
#include "launch-timing.h"
#include "lp_perf.h"

#include <stdio.h>
#include <string.h>

// The first launch of a pair: profiled (its session left open in `session`) unless `plain`.
static int diagnosis(char **command, int plain, lp_perf_session *session) {
    lp_spawn_request request = request_for(command);
    lp_spawned spawned = {0};
    int32_t exec_errno = 0;
    if (plain) {
        int64_t start;
        if (lp_spawn_now(&request, &spawned, &start, &exec_errno) != 0) return -1;
    } else {
        if (lp_spawn_gated(&request, &spawned) != 0) return -1;
        lp_perf_config config = {1000000, 128, 2048, 127};
        if (lp_perf_open(spawned.pid, &config, session) != 0) return -1;
        lp_spawn_release(&spawned, &exec_errno);
    }
    reap(&spawned);
    return exec_errno == 0 ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc < 5 || strcmp(argv[3], "--") != 0) {
        fprintf(stderr, "usage: perf-aftereffect N plain|before|after|primer -- COMMAND [ARGS...]\n");
        return 2;
    }
    int count = atoi(argv[1]);
    int plain = strcmp(argv[2], "plain") == 0, primer = strcmp(argv[2], "primer") == 0;
    int before = primer || strcmp(argv[2], "before") == 0;
    int64_t *times = calloc((size_t)count, sizeof *times);
    for (int i = 0; i < count; i++) {
        lp_perf_session session = {0};
        if (diagnosis(argv + 4, plain, &session) != 0) { fprintf(stderr, "perf-aftereffect: a launch failed\n"); return 1; }
        if (before && !plain) lp_perf_close(&session);
        if (primer && timed_launch(argv + 4) < 0) { fprintf(stderr, "perf-aftereffect: a launch failed\n"); return 1; }
        if ((times[i] = timed_launch(argv + 4)) < 0) { fprintf(stderr, "perf-aftereffect: a launch failed\n"); return 1; }
        if (!plain) lp_perf_close(&session);
    }
    qsort(times, (size_t)count, sizeof *times, compare_ns);
    printf("%.4f\n", times[count / 2] / 1e6);
    return 0;
}
