// What launch-gap.c and perf-aftereffect.c share: the clock, a command started by the runner's
// own spawn (lp_spawn.c) with its output to /dev/null, and its wait (poll on a pidfd, then wait4).
#ifndef LAUNCH_TIMING_H
#define LAUNCH_TIMING_H
#include "lp_spawn.h"

#include <poll.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static inline int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static inline int compare_ns(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static inline lp_spawn_request request_for(char **command) {
    lp_spawn_request request = {0};
    request.path = command[0];
    request.argv = command;
    request.envp = environ;
    request.stdout_path = "/dev/null";
    request.stderr_path = "/dev/null";
    return request;
}

// Waits for the child (poll on a pidfd, then wait4) and returns when it was reaped.
static inline int64_t reap(lp_spawned *spawned) {
    int pidfd = (int)syscall(SYS_pidfd_open, spawned->pid, 0);
    struct pollfd ready = {pidfd, POLLIN, 0};
    poll(&ready, 1, -1);
    int status;
    struct rusage usage;
    wait4(spawned->pid, &status, 0, &usage);
    int64_t end = now_ns();
    close(pidfd);
    if (spawned->status_fd >= 0) close(spawned->status_fd);
    lp_spawn_release_stack(spawned);
    return end;
}

// One launch started as hyperfine -N starts one: spawn-to-reaped nanoseconds, or -1.
static inline int64_t timed_launch(char **command) {
    lp_spawn_request request = request_for(command);
    lp_spawned spawned = {0};
    int64_t start;
    int32_t exec_errno;
    if (lp_spawn_now(&request, &spawned, &start, &exec_errno) != 0 || exec_errno != 0) return -1;
    return reap(&spawned) - start;
}
#endif
