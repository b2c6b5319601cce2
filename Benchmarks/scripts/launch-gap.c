// How a pause before a launch changes the launch, with the runner's own spawn: N launches of a
// command, each started by lp_spawn_now (the clock read just before the child is created, as
// launchprof's timing launches and hyperfine -N start a command), waited for by poll on a pidfd and
// wait4, output to /dev/null; before each, a pause of GAP_US microseconds, asleep or (BUSY=1)
// spinning. Prints the median spawn-to-reaped time in milliseconds.
//
//     cc -O2 -o /tmp/launch-gap Benchmarks/scripts/launch-gap.c Sources/CLaunchRunner/lp_spawn.c \
//        -I Sources/CLaunchRunner/include -I Sources/CLaunchABI/include
//     /tmp/launch-gap N GAP_US [BUSY] -- /usr/bin/git --version
#define _GNU_SOURCE
#include "lp_spawn.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

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

// One launch: spawn-to-reaped nanoseconds, or -1.
static int64_t launch(char **command) {
    lp_spawn_request request = {0};
    request.path = command[0];
    request.argv = command;
    request.envp = environ;
    request.stdout_path = "/dev/null";
    request.stderr_path = "/dev/null";
    lp_spawned spawned = {0};
    int64_t start;
    int32_t exec_errno;
    if (lp_spawn_now(&request, &spawned, &start, &exec_errno) != 0 || exec_errno != 0) return -1;
    int pidfd = (int)syscall(SYS_pidfd_open, spawned.pid, 0);
    struct pollfd ready = {pidfd, POLLIN, 0};
    poll(&ready, 1, -1);
    int status;
    struct rusage usage;
    wait4(spawned.pid, &status, 0, &usage);
    int64_t elapsed = now_ns() - start;
    close(pidfd);
    if (spawned.status_fd >= 0) close(spawned.status_fd);
    lp_spawn_release_stack(&spawned);
    return elapsed;
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
        if ((times[i] = launch(argv + separator + 1)) < 0) { fprintf(stderr, "launch-gap: the launch failed\n"); return 1; }
    }
    qsort(times, (size_t)count, sizeof *times, compare);
    printf("%.4f\n", times[count / 2] / 1e6);
    return 0;
}
