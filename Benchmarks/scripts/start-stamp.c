// A program that appends the CLOCK_MONOTONIC time at which its main started, in nanoseconds, to
// the file named by STAMP_FILE, then exits, or execs the command it was given: what
// runner-period.py launches back to back to see how often a runner starts a launch (start to
// start), against how long each launch takes.
//
//     cc -O2 -o /tmp/start-stamp Benchmarks/scripts/start-stamp.c
//     STAMP_FILE=/tmp/stamps.txt /tmp/start-stamp [/usr/bin/git --version]
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const char *path = getenv("STAMP_FILE");
    if (!path) return 2;
    char line[32];
    int length = snprintf(line, sizeof line, "%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0 || write(fd, line, (size_t)length) != length) return 1;
    if (close(fd) != 0) return 1;
    if (argc > 1) execv(argv[1], argv + 1);
    return argc > 1 ? 127 : 0;
}
