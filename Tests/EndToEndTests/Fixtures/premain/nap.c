// A library whose initializer sleeps 10 ms before main.
#include "report.h"

__attribute__((constructor)) static void nap_init(void) {
    long long wall = premain_clock(CLOCK_MONOTONIC), cpu = premain_clock(CLOCK_THREAD_CPUTIME_ID);
    struct timespec pause = {0, 10000000};
    nanosleep(&pause, NULL);
    premain_report("nap", premain_clock(CLOCK_MONOTONIC) - wall, premain_clock(CLOCK_THREAD_CPUTIME_ID) - cpu);
}

int nap_value(void) { return 2; }
