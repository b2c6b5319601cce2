// What listing the signals a process handles or ignores costs, by each method the runner could use
// before every launch: 62 sigaction queries, or one pread of /proc/self/status (SigIgn, SigCgt).
//
//     cc -O2 -o /tmp/signal-query-cost Benchmarks/scripts/signal-query-cost.c && /tmp/signal-query-cost [ROUNDS]
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static uint64_t by_sigaction(void) {
    uint64_t handled = 0;
    for (int sig = 1; sig <= 64; sig++) {
        struct sigaction current;
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        if (sigaction(sig, NULL, &current) != 0 || current.sa_handler != SIG_DFL) handled |= 1ULL << (sig - 1);
    }
    return handled;
}

static uint64_t by_status(int fd) {
    char text[4096];
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    return n > 0 ? (uint64_t)text[n / 2] : 0;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 20000;
    signal(SIGPIPE, SIG_IGN);   // as a runner might have them: one ignored, one handled
    signal(SIGINT, SIG_IGN);
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    for (int repeat = 0; repeat < 3; repeat++) {
        volatile uint64_t sink = 0;
        int64_t start = now_ns();
        for (int i = 0; i < rounds; i++) sink += by_sigaction();
        int64_t middle = now_ns();
        for (int i = 0; i < rounds; i++) sink += by_status(fd);
        int64_t end = now_ns();
        printf("62 sigaction queries %.2f us, pread /proc/self/status %.2f us\n",
               (middle - start) / 1e3 / rounds, (end - middle) / 1e3 / rounds);
    }
    return 0;
}
