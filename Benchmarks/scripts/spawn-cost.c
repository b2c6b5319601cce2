// How starting a child costs inside the measured launch, by the way it is started: fork and a
// gate (the child waits on a pipe, then execs: how the runner started launches before), clone
// sharing memory and a gate (how lp_spawn.c starts them now), and posix_spawn (hyperfine's way).
// The parent first touches MB megabytes, as a runner that has built traces has; each launch is
// timed from the gate's release (or posix_spawn) to waitpid.
//
//     cc -O2 -o /tmp/spawn-cost Benchmarks/scripts/spawn-cost.c
//     for mode in fork clone spawn; do /tmp/spawn-cost 30 $mode /usr/bin/git --version; done
#define _GNU_SOURCE
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

extern char **environ;
enum { LAUNCHES = 100 };
static char **program;
static int gate_fd;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// The child: raw system calls only (with clone it shares the parent's memory).
static int child(void *unused) {
    (void)unused;
    char byte;
    syscall(SYS_read, gate_fd, &byte, 1);
    syscall(SYS_execve, program[0], program, environ);
    syscall(SYS_exit_group, 127);
    return 0;
}

static double launch(const char *mode, char *stack) {
    pid_t pid;
    double start;
    if (strcmp(mode, "spawn") == 0) {
        start = now_ms();
        if (posix_spawn(&pid, program[0], NULL, NULL, program, environ) != 0) exit(1);
    } else {
        int gate[2];
        if (pipe(gate) != 0) exit(1);
        gate_fd = gate[0];
        if (strcmp(mode, "fork") == 0) {
            pid = fork();
            if (pid == 0) child(NULL);
        } else {
            pid = clone(child, stack + 65536, CLONE_VM | SIGCHLD, NULL);
        }
        close(gate[0]);
        usleep(2000);
        start = now_ms();
        if (write(gate[1], "x", 1) != 1) exit(1);
        close(gate[1]);
    }
    int status;
    waitpid(pid, &status, 0);
    return now_ms() - start;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s MB fork|clone|spawn PROGRAM [ARGS...]\n", argv[0]);
        return 2;
    }
    size_t megabytes = (size_t)atoi(argv[1]);
    program = argv + 3;
    char *ballast = malloc(megabytes << 20);
    memset(ballast, 1, megabytes << 20);
    char *stack = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    double times[LAUNCHES];
    for (int i = 0; i < LAUNCHES; i++) times[i] = launch(argv[2], stack);
    qsort(times, LAUNCHES, sizeof *times, by_value);
    fprintf(stderr, "%zu MB parent, %s: median %.3f ms, p10 %.3f ms (%d launches)\n",
            megabytes, argv[2], times[LAUNCHES / 2], times[LAUNCHES / 10], LAUNCHES);
    return ballast[0] == 1 ? 0 : 1;
}
