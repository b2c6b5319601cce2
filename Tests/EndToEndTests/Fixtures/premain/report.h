// What a fixture initializer really took, written by the initializer itself to
// $PREMAIN_REPORT_DIR/<name>-<pid>: "<wallNs> <cpuNs>", the truth the tests compare with.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long premain_clock(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void premain_report(const char *name, long long wall, long long cpu) {
    const char *folder = getenv("PREMAIN_REPORT_DIR");
    char path[4096];
    if (!folder) return;
    snprintf(path, sizeof path, "%s/%s-%d", folder, name, (int)getpid());
    FILE *file = fopen(path, "w");
    if (!file) return;
    fprintf(file, "%lld %lld\n", wall, cpu);
    fclose(file);
}
